import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminDeliveryListQuery, Delivery, DeliveryAttempt, TestEvent } from '../../contract/admin';
import type { Destination } from '../../contract/events';
import type { Db } from '../db/types';
import { apiKeys, companyVerifications, webhookAttempts, webhookEvents } from '../db/schema';
import { enqueueEvent } from './outbox';

/** Newest first; each item is the contract's deliverySchema (attempts counts the whole attempt log). */
export async function listDeliveries(db: Db, q: AdminDeliveryListQuery, scope: { subjectId?: string; keyIds?: string[] } = {}): Promise<{ items: Delivery[]; total: number }> {
  const conds: SQL[] = [];
  if (q.keyId) conds.push(eq(webhookEvents.apiKeyId, q.keyId));
  // The dashboard's scopes: one case's events, an organisation's keys.
  if (scope.subjectId) conds.push(eq(webhookEvents.subjectId, scope.subjectId));
  if (scope.keyIds) conds.push(scope.keyIds.length ? inArray(webhookEvents.apiKeyId, scope.keyIds) : sql`false`);
  if (q.state) conds.push(eq(webhookEvents.state, q.state));
  // Company events name the internal id; the dashboard shows the public one: both find the case.
  if (q.caseId) conds.push(or(eq(webhookEvents.subjectId, q.caseId), inArray(webhookEvents.subjectId, db.select({ id: companyVerifications.id }).from(companyVerifications).where(eq(companyVerifications.publicId, q.caseId))))!);
  const where = conds.length ? and(...conds) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(webhookEvents).where(where);
  const rows = await db.select().from(webhookEvents).where(where)
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
  const attempts = rows.length === 0 ? [] : await db.select().from(webhookAttempts)
    .where(inArray(webhookAttempts.eventId, rows.map((r) => r.id)))
    .orderBy(webhookAttempts.id);
  const byEvent = new Map<string, DeliveryAttempt[]>();
  for (const a of attempts) {
    const list = byEvent.get(a.eventId) ?? [];
    list.push({ url: a.url, attemptedAt: a.attemptedAt.toISOString(), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, ok: a.ok });
    byEvent.set(a.eventId, list);
  }
  const items = rows.map((r): Delivery => {
    const log = byEvent.get(r.id) ?? [];
    let payload: unknown = r.body;
    try { payload = JSON.parse(r.body); } catch { /* stored as text; shown as is */ }
    return {
      id: r.id, keyId: r.apiKeyId, event: r.eventType, destination: r.destination, subjectId: r.subjectId,
      state: r.state, attempts: log.length, lastError: r.lastError,
      nextAttemptAt: r.state === 'pending' ? r.nextAttemptAt.toISOString() : null,
      deliveredAt: r.deliveredAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
      payload, payloadRedacted: false, attemptLog: log,
    };
  });
  return { items, total: Number(totalRow?.n ?? 0) };
}

/**
 * Queues an event again, due now, with a fresh retry schedule (attempts counter back to 0; the
 * attempt history stays). Same id, same stored body: receivers can dedupe by Webhook-Id.
 * Returns false when the event does not exist.
 */
export async function redeliverEvent(db: Db, eventId: string, now: Date): Promise<boolean> {
  const rows = await db.update(webhookEvents)
    .set({ state: 'pending', nextAttemptAt: now, attempts: 0, deliveredAt: null })
    .where(eq(webhookEvents.id, eventId))
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

export type TestEventsResult =
  | { kind: 'ok'; events: TestEvent[] }
  | { kind: 'not-found' }
  | { kind: 'no-urls' };

export const TEST_EVENT_MESSAGE = 'Test event from idv: your webhook endpoint is reachable and the signature verifies.';

/**
 * Queues one `webhook.test` event per configured URL of the key (events and decision). A
 * destination without a URL gets none: it would only sit in retries. Revoked keys count as
 * not found.
 */
export async function enqueueTestEvents(db: Db, keyId: string, now: Date): Promise<TestEventsResult> {
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1);
  if (!key || key.revokedAt) return { kind: 'not-found' };
  const targets = ([['events', key.eventsUrl], ['decision', key.decisionUrl]] as const)
    .filter((t): t is readonly [Destination, string] => !!t[1]);
  if (targets.length === 0) return { kind: 'no-urls' };
  const events = await db.transaction(async (tx) => {
    const out: TestEvent[] = [];
    for (const [destination, url] of targets) {
      const id = await enqueueEvent(tx, {
        apiKeyId: keyId, type: 'webhook.test', destination, now,
        data: { keyId, message: TEST_EVENT_MESSAGE, destination, sentAt: now.toISOString() },
      });
      out.push({ id, destination, url });
    }
    return out;
  });
  return { kind: 'ok', events };
}
