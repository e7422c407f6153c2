import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { apiKeys, webhookEvents } from '../db/schema';

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
 *
 * With `share`, an organisation never holds more than `share.perOrg` deliveries at once: a
 * slow or dead receiver waits out its timeouts in its own slots, not in everyone's.
 */
/** Fairness between organisations: how many slots each may hold, and what it holds already. */
export interface ClaimShare {
  /** Deliveries in flight at once per organisation (in this process). */
  perOrg: number;
  /** In-flight deliveries per organisation id. */
  busy: ReadonlyMap<string, number>;
}

export async function claimDueEvents(db: Db, now: Date, leaseUntil: Date, limit: number, share?: ClaimShare): Promise<ClaimedEvent[]> {
  return db.transaction(async (tx) => {
    const perOrg = share?.perOrg ?? limit;
    const full = share ? [...share.busy].filter(([, n]) => n >= perOrg).map(([org]) => org) : [];
    // Rank each organisation's due events, so one with thousands waiting (or a dead receiver)
    // cannot take every free slot: the first `perOrg` of each are candidates, oldest first.
    const ranked = tx.select({
      id: webhookEvents.id, orgId: apiKeys.orgId, next: webhookEvents.nextAttemptAt,
      rank: sql<number>`row_number() over (partition by ${apiKeys.orgId} order by ${webhookEvents.nextAttemptAt}, ${webhookEvents.id})`.as('rank'),
    }).from(webhookEvents).innerJoin(apiKeys, eq(apiKeys.id, webhookEvents.apiKeyId))
      .where(and(
        eq(webhookEvents.state, 'pending'),
        lte(webhookEvents.nextAttemptAt, now),
        full.length ? notInArray(apiKeys.orgId, full) : undefined,
        sql`not exists (select 1 from webhook_events older join api_keys k on k.id = older.api_key_id
          where older.subject_id = ${webhookEvents.subjectId} and older.state = 'pending'
          and (case older.destination when 'events' then k.events_url else k.decision_url end) is not null
          and (older.created_at < ${webhookEvents.createdAt} or (older.created_at = ${webhookEvents.createdAt}
            and older.id collate "C" < ${webhookEvents.id} collate "C")))`,
      )).as('ranked');
    // Over-fetch (x4) so workers racing on the same oldest rows still find unlocked ones.
    const candidates = await tx.select().from(ranked).where(lte(ranked.rank, perOrg * 4)).orderBy(ranked.rank, ranked.next).limit(limit * 4);
    if (candidates.length === 0) return [];
    // Lock only what this claim will take. Locking every candidate (even with SKIP LOCKED) would
    // hold rows this worker then leaves, and a worker claiming at the same moment would skip
    // them all and find nothing. Per organisation, in the ranking's order, LIMIT stops the lock
    // at the rows taken; a fair share first (so one organisation cannot take every free slot of
    // this claim), then what is left over.
    const byOrg = new Map<string, string[]>();
    for (const c of candidates) byOrg.set(c.orgId, [...(byOrg.get(c.orgId) ?? []), c.id]);
    const taken = new Map<string, number>();
    const due: string[] = [];
    const room = (org: string) => perOrg - (share?.busy.get(org) ?? 0) - (taken.get(org) ?? 0);
    const fairShare = Math.ceil(limit / byOrg.size);
    for (const fair of [true, false]) {
      for (const [org, ids] of byOrg) {
        const left = limit - due.length;
        if (left <= 0) break;
        const ours = new Set(due);
        const open = ids.filter((id) => !ours.has(id));
        const want = Math.min(room(org), fair ? fairShare : left, left, open.length);
        if (want <= 0) continue;
        const locked = await tx.select({ id: webhookEvents.id }).from(webhookEvents)
          .where(and(inArray(webhookEvents.id, open), eq(webhookEvents.state, 'pending'), lte(webhookEvents.nextAttemptAt, now)))
          .orderBy(webhookEvents.nextAttemptAt, webhookEvents.id)
          .limit(want)
          .for('update', { skipLocked: true });
        taken.set(org, (taken.get(org) ?? 0) + locked.length);
        due.push(...locked.map((r) => r.id));
      }
    }
    if (due.length === 0) return [];
    return tx.update(webhookEvents)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(webhookEvents.id, due))
      .returning();
  });
}
