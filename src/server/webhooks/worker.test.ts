import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookEvents } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { enqueueEvent } from './outbox';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './schedule';
import { signPayload } from './signing';
import { createWebhookWorker, type WebhookWorker } from './worker';

describe('webhook worker', () => {
  let h: Harness;
  let rx: WebhookReceiver;
  let key: { id: string; apiKey: string };
  let worker: WebhookWorker;

  beforeAll(async () => {
    h = await createHarness();
    rx = await startWebhookReceiver();
    key = await h.createKey({ eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') });
    rx.setSecret(key.apiKey);
    // Jitter pinned to the middle: delays are exactly the schedule.
    worker = createWebhookWorker(h.ctx, { random: () => 0.5, timeoutMs: 300 });
  });
  afterAll(async () => { await rx.close(); await h.close(); });
  beforeEach(() => { rx.setDown(false); rx.setResponder(null); });

  const enqueue = (type: 'verification.started' | 'verification.successful', data: Record<string, unknown>, subjectId?: string) =>
    enqueueEvent(h.ctx.db, { apiKeyId: key.id, type, data, subjectId, now: h.clock.now() });
  const row = async (id: string) => (await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!;
  const attemptsOf = (id: string) => h.ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.eventId, id)).orderBy(webhookAttempts.id);

  it('delivers a signed event to the destination of its type', async () => {
    const progress = await enqueue('verification.started', { verificationId: 'v1', note: 'ünïcode ✓' });
    const decision = await enqueue('verification.successful', { verificationId: 'v1' });
    expect(await worker.runOnce()).toBe(2);
    const p = rx.events().find((r) => r.id === progress)!;
    const d = rx.events().find((r) => r.id === decision)!;
    expect(p).toMatchObject({ path: '/events', verified: true });
    expect(d).toMatchObject({ path: '/decision', verified: true });
    expect(p.body).toBe((await row(progress)).body);
    expect(p.json).toEqual({ event: 'verification.started', data: { verificationId: 'v1', note: 'ünïcode ✓' } });
    expect(p.headers['content-type']).toBe('application/json');
    expect(p.headers['user-agent']).toBe('idv-webhooks/1');
    // Webhook-Timestamp is real time (receivers check it against their clock), not the test clock.
    expect(Math.abs(Number(p.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(() => new Webhook(Buffer.from(key.apiKey).toString('base64'))
      .verify(p.body.replace('v1', 'v2'), p.headers as Record<string, string>)).toThrow();
    expect(await row(progress)).toMatchObject({ state: 'delivered', attempts: 1, lastError: null });
    expect(await attemptsOf(progress)).toMatchObject([{ ok: true, statusCode: 200, url: rx.url('/events'), error: null }]);
    expect(await worker.runOnce()).toBe(0);
  });

  it('retries on the schedule with the same id and bytes, then marks the event failed', async () => {
    rx.setDown(true);
    const id = await enqueue('verification.started', { verificationId: 'v2' });
    const created = h.clock.now().getTime();
    expect(await worker.runOnce()).toBe(1);
    let elapsed = 0;
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      const r = await row(id);
      expect(r).toMatchObject({ state: 'pending', attempts: i + 1, lastError: 'HTTP 503' });
      elapsed += delay;
      expect(r.nextAttemptAt.getTime()).toBe(created + elapsed);
      h.clock.advance(delay - 1);
      expect(await worker.runOnce()).toBe(0);
      h.clock.advance(1);
      expect(await worker.runOnce()).toBe(1);
    }
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'HTTP 503' });
    h.clock.advance(48 * 3600_000);
    expect(await worker.runOnce()).toBe(0);

    const sent = rx.requests().filter((r) => r.id === id);
    expect(sent).toHaveLength(MAX_ATTEMPTS);
    const body = (await row(id)).body;
    for (const r of sent) {
      expect(r.body).toBe(body);
      expect(r.verified).toBe(true);
      // The signature is a function of the timestamp alone once id and bytes are fixed.
      expect(r.headers['webhook-signature']).toBe(signPayload(key.apiKey, id, Number(r.headers['webhook-timestamp']), body));
    }
    const log = await attemptsOf(id);
    expect(log).toHaveLength(MAX_ATTEMPTS);
    expect(log.every((a) => !a.ok && a.statusCode === 503 && a.url === rx.url('/events'))).toBe(true);
  });

  it('succeeds on a retry after a failure', async () => {
    rx.setResponder(() => ({ status: 500 }));
    const id = await enqueue('verification.started', { verificationId: 'v3' });
    await worker.runOnce();
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'HTTP 500' });
    rx.setResponder(() => ({ status: 202 }));
    h.clock.advance(5_000);
    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'delivered', attempts: 2, lastError: null });
    expect((await attemptsOf(id)).map((a) => [a.ok, a.statusCode])).toEqual([[false, 500], [true, 202]]);
  });

  it('counts a redirect and a timeout as failures', async () => {
    rx.setResponder(() => ({ status: 301, headers: { location: rx.url('/elsewhere') } }));
    const moved = await enqueue('verification.started', { verificationId: 'v4' });
    await worker.runOnce();
    expect(await row(moved)).toMatchObject({ state: 'pending', lastError: 'HTTP 301' });
    expect(rx.requests().some((r) => r.path === '/elsewhere')).toBe(false);

    rx.setResponder(() => ({ status: 200, delayMs: 1_000 }));
    const slow = await enqueue('verification.started', { verificationId: 'v5' });
    h.clock.advance(10 * 60_000); // the redirected one is due again too
    await worker.runOnce();
    expect(await row(slow)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'timeout after 300 ms' });
    expect((await attemptsOf(slow))[0]).toMatchObject({ ok: false, statusCode: null, error: 'timeout after 300 ms' });
  });
});
