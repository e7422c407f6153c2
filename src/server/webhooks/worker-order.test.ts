import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildContext } from '../bootstrap';
import { webhookEvents } from '../db/schema';
import { createLogger } from '../lib/logger';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { claimDueEvents } from './claim';
import { enqueueEvent } from './outbox';
import { createWebhookWorker } from './worker';

describe('webhook worker: order per subject and exclusive claiming', () => {
  let h: Harness;
  let rx: WebhookReceiver;
  let keyId: string;

  beforeAll(async () => {
    h = await createHarness();
    rx = await startWebhookReceiver();
    const key = await h.createKey({ eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') });
    keyId = key.id;
    rx.setSecret(key.apiKey);
  });
  afterAll(async () => { await rx.close(); await h.close(); });
  beforeEach(() => { rx.setResponder(null); rx.setDown(false); });

  const enqueue = (type: 'verification.started' | 'verification.document_front_uploaded' | 'verification.selfie_uploaded' | 'verification.successful', subjectId: string) =>
    enqueueEvent(h.ctx.db, { apiKeyId: keyId, type, data: { verificationId: subjectId }, subjectId, now: h.clock.now() });
  const setState = (id: string, state: 'failed') => h.ctx.db.update(webhookEvents).set({ state }).where(eq(webhookEvents.id, id));

  it('holds newer events of a subject until the older one is delivered', async () => {
    const worker = createWebhookWorker(h.ctx, { random: () => 0.5 });
    // Same clock instant for all three: order comes from the ids.
    const started = await enqueue('verification.started', 's1');
    const front = await enqueue('verification.document_front_uploaded', 's1');
    const other = await enqueue('verification.started', 's2');
    const decision = await enqueue('verification.successful', 's1'); // other destination: held too
    rx.setResponder(({ id }) => (id === started ? { status: 500 } : undefined));

    expect(await worker.runOnce()).toBe(2);
    expect(rx.requests().map((r) => r.id).sort()).toEqual([started, other].sort());

    rx.setResponder(null);
    h.clock.advance(5_000);
    expect(await worker.runOnce()).toBe(1); // `started` only; `front` was still held at claim time
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(1); // the decision comes after the subject's progress
    const s1 = rx.events().filter((r) => (r.json as { data: { verificationId: string } }).data.verificationId === 's1');
    expect(s1.map((r) => r.id)).toEqual([started, front, decision]);
    expect(s1.at(-1)!.path).not.toBe('/events');
  });

  it('does not let a failed older event block the subject', async () => {
    const worker = createWebhookWorker(h.ctx, { random: () => 0.5 });
    const first = await enqueue('verification.started', 's3');
    const second = await enqueue('verification.selfie_uploaded', 's3');
    rx.setDown(true);
    expect(await worker.runOnce()).toBe(1);
    await setState(first, 'failed');
    rx.setDown(false);
    expect(await worker.runOnce()).toBe(1);
    expect(rx.events().at(-1)!.id).toBe(second);
  });

  it('never sends one attempt twice when two workers claim at once', async () => {
    // PostgreSQL: a second context = a second connection pool, so the claims really race and
    // SKIP LOCKED decides. PGlite has one connection: the two workers share it and interleave.
    const second = h.ctx.dbKind === 'postgres'
      ? await buildContext(h.ctx.settings, { clock: h.clock, logger: createLogger('silent') })
      : null;
    try {
      const w1 = createWebhookWorker(h.ctx, { concurrency: 4 });
      const w2 = createWebhookWorker(second?.ctx ?? h.ctx, { concurrency: 4 });
      rx.setResponder(() => ({ status: 200, delayMs: 20 }));
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) ids.push(await enqueue('verification.started', `par-${i}`));
      const before = rx.requests().length;
      let sent = 0;
      for (let round = 0; round < 20 && sent < ids.length; round++) {
        const [a, b] = await Promise.all([w1.runOnce(), w2.runOnce()]);
        expect(Math.max(a, b)).toBeLessThanOrEqual(4);
        sent += a + b;
      }
      expect(sent).toBe(ids.length);
      const got = rx.requests().slice(before).map((r) => r.id);
      expect(got).toHaveLength(ids.length);
      expect(new Set(got)).toEqual(new Set(ids));
      const rows = await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.state, 'delivered'));
      expect(rows.filter((r) => ids.includes(r.id)).every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await second?.database.close();
    }
  });

  it('leases a claimed event so a crash mid-send retries it after the lease', async () => {
    const id = await enqueue('verification.started', 'crash');
    const now = h.clock.now();
    // A worker that claimed and then died: nothing recorded, the lease runs out.
    expect((await claimDueEvents(h.ctx.db, now, new Date(now.getTime() + 60_000), 10)).map((e) => e.id)).toEqual([id]);
    const worker = createWebhookWorker(h.ctx);
    expect(await worker.runOnce()).toBe(0);
    h.clock.advance(60_000);
    expect(await worker.runOnce()).toBe(1);
    expect(rx.events().filter((r) => r.id === id)).toHaveLength(1);
  });
});
