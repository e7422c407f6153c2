import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from './jobs';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { enqueueEvent } from '../webhooks/outbox';

describe('background jobs', () => {
  let h: Harness;
  let rx: WebhookReceiver;
  beforeAll(async () => {
    h = await createHarness();
    rx = await startWebhookReceiver();
  });
  afterAll(async () => { await rx.close(); await h.close(); });

  it('runs the webhook worker: kickWebhooks sends a committed event at once, stop waits for it', async () => {
    const key = await h.createKey({ eventsUrl: rx.url('/events') });
    rx.setSecret(key.apiKey);
    // A long poll interval: only the kick can make this fast.
    let slowId: string;
    const jobs = startJobs(h.ctx, { webhooks: { pollMs: 60_000 } });
    try {
      const id = await enqueueEvent(h.ctx.db, { apiKeyId: key.id, type: 'verification.started', data: {}, now: h.clock.now() });
      h.ctx.kickWebhooks();
      const got = await rx.waitFor((r) => r.id === id, 5_000);
      expect(got.verified).toBe(true);

      rx.setResponder(() => ({ status: 200, delayMs: 300 }));
      slowId = await enqueueEvent(h.ctx.db, { apiKeyId: key.id, type: 'verification.started', data: { n: 2 }, now: h.clock.now() });
      h.ctx.kickWebhooks();
      await new Promise((r) => setTimeout(r, 100)); // in flight now
    } finally {
      await jobs.stop();
    }
    // stop() returned after the slow delivery was recorded.
    const list = await h.request('GET', '/api/admin/webhooks?state=pending', { headers: { authorization: `Bearer ${h.ctx.adminToken}` } });
    expect(list.body.data).toEqual([]);
    expect(rx.events().map((r) => r.id)).toEqual([expect.any(String), slowId]);
  });
});
