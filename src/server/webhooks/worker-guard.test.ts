import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, webhookAttempts, webhookEvents } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { enqueueEvent } from './outbox';
import { createWebhookWorker } from './worker';

describe('webhook worker: missing URLs, private targets, concurrency', () => {
  let h: Harness;
  let rx: WebhookReceiver;
  beforeAll(async () => {
    // As in a shared deployment: private targets refused.
    h = await createHarness({ WEBHOOK_ALLOW_PRIVATE: '0' });
    rx = await startWebhookReceiver();
  });
  afterAll(async () => { await rx.close(); await h.close(); });

  const row = async (id: string) => (await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!;

  it('keeps an event without a destination URL pending on the retry schedule, and sends it once a URL is set', async () => {
    const key = await h.createKey({ eventsUrl: null });
    const id = await enqueueEvent(h.ctx.db, { apiKeyId: key.id, type: 'verification.started', data: {}, now: h.clock.now() });
    const worker = createWebhookWorker(h.ctx, { random: () => 0.5 });
    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'no events URL configured' });
    expect(await h.ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.eventId, id)))
      .toMatchObject([{ url: '', ok: false, statusCode: null, error: 'no events URL configured' }]);
    // The URL is resolved at send time. Private targets are refused by this deployment.
    await h.ctx.db.update(apiKeys).set({ eventsUrl: rx.url('/events') }).where(eq(apiKeys.id, key.id));
    h.clock.advance(5_000);
    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'pending', attempts: 2 });
    expect((await row(id)).lastError).toContain('private');
    expect(rx.requests()).toHaveLength(0);
  });

  it('sends at most `concurrency` events at once per worker', async () => {
    const key = await h.createKey({ eventsUrl: 'http://127.0.0.1:9/never' });
    for (let i = 0; i < 5; i++) {
      await enqueueEvent(h.ctx.db, { apiKeyId: key.id, type: 'verification.started', data: { i }, now: h.clock.now() });
    }
    // One organisation allowed every slot: the global cap is what is under test here.
    const worker = createWebhookWorker(h.ctx, { concurrency: 2, perOrgConcurrency: 2 });
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(1);
  });
});
