import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookEvents } from '../db/schema';

export type ClaimedEvent = typeof webhookEvents.$inferSelect;

/**
 * Claims up to `limit` due events and leases them until `leaseUntil` by moving next_attempt_at,
 * in one short transaction. (Two statements on purpose: as `UPDATE … WHERE id IN (SELECT … LIMIT
 * n FOR UPDATE SKIP LOCKED)` the planner may rescan the subquery per row and claim more than n.) `FOR UPDATE SKIP LOCKED` lets several workers,
 * in one or many processes, claim disjoint rows; the lease keeps a claimed row from being
 * claimed again while it is being sent, and makes it due again if the sender dies mid-send.
 *
 * Order per subject, across both destinations: an event is not due while an older event of the
 * same subject is still pending (in backoff or in flight), so a receiver sees a verification's
 * progress before its decision. An older event whose destination has no URL configured does
 * not block (it cannot be delivered until one is set), and a failed one no longer blocks. Older = (created_at, id) where ids
 * grow within a process (see newOrderedEventId); COLLATE "C" compares them bytewise.
 * Failed events no longer block.
 */
export async function claimDueEvents(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEvent[]> {
  return db.transaction(async (tx) => {
    const due = await tx.select({ id: webhookEvents.id }).from(webhookEvents)
      .where(and(
        eq(webhookEvents.state, 'pending'),
        lte(webhookEvents.nextAttemptAt, now),
        sql`not exists (select 1 from webhook_events older join api_keys k on k.id = older.api_key_id
          where older.subject_id = ${webhookEvents.subjectId} and older.state = 'pending'
          and (case older.destination when 'events' then k.events_url else k.decision_url end) is not null
          and (older.created_at < ${webhookEvents.createdAt} or (older.created_at = ${webhookEvents.createdAt}
            and older.id collate "C" < ${webhookEvents.id} collate "C")))`,
      ))
      .orderBy(webhookEvents.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx.update(webhookEvents)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(webhookEvents.id, due.map((d) => d.id)))
      .returning();
  });
}
