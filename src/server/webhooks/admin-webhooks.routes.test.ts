import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { enqueueEvent } from './outbox';
import { createWebhookWorker, type WebhookWorker } from './worker';

describe('admin webhook routes', () => {
  let h: Harness;
  let rx: WebhookReceiver;
  let key: { id: string; apiKey: string };
  let worker: WebhookWorker;
  const admin = (method: string, path: string) =>
    h.request(method, path, { headers: { authorization: `Bearer ${h.ctx.adminToken}` } });

  beforeAll(async () => {
    h = await createHarness();
    rx = await startWebhookReceiver();
    key = await h.createKey({ eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') });
    rx.setSecret(key.apiKey);
    worker = createWebhookWorker(h.ctx, { random: () => 0.5 });
  });
  afterAll(async () => { await rx.close(); await h.close(); });

  it('needs the admin token', async () => {
    expect((await h.request('GET', '/api/admin/webhooks')).status).toBe(401);
    expect((await h.request('POST', `/api/admin/keys/${key.id}/test-webhook`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('sends a signed webhook.test event to both URLs', async () => {
    const res = await admin('POST', `/api/admin/keys/${key.id}/test-webhook`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, code: 200, message: 'Test webhook events queued' });
    const queued = res.body.data.events as { id: string; destination: string; url: string }[];
    expect(queued.map((e) => [e.destination, e.url])).toEqual([['events', rx.url('/events')], ['decision', rx.url('/decision')]]);
    expect(await worker.runOnce()).toBe(2);
    for (const e of queued) {
      const got = rx.events().find((r) => r.id === e.id)!;
      expect(got.verified).toBe(true);
      expect(got.path).toBe(e.destination === 'events' ? '/events' : '/decision');
      expect(got.json).toMatchObject({ event: 'webhook.test', data: { keyId: key.id, message: expect.any(String) } });
    }
  });

  it('refuses a test event for an unknown key or a key without URLs', async () => {
    expect((await admin('POST', '/api/admin/keys/key_nope/test-webhook')).status).toBe(404);
    const bare = await h.createKey({});
    const res = await admin('POST', `/api/admin/keys/${bare.id}/test-webhook`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, code: 400, data: null });
  });

  it('lists deliveries with state, attempts and the attempt log, filtered and limited', async () => {
    rx.setDown(true);
    const id = await enqueueEvent(h.ctx.db, { apiKeyId: key.id, type: 'verification.started', data: { verificationId: 'x' }, subjectId: 'x', now: h.clock.now() });
    await worker.runOnce();
    rx.setDown(false);
    const all = await admin('GET', `/api/admin/webhooks?keyId=${key.id}`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 3, page: 1, limit: 50 });
    const item = all.body.data[0];
    expect(item).toMatchObject({
      id, keyId: key.id, event: 'verification.started', destination: 'events', subjectId: 'x', state: 'pending',
      attempts: 1, lastError: 'HTTP 503', payload: { event: 'verification.started', data: { verificationId: 'x' } },
      attemptLog: [{ url: rx.url('/events'), statusCode: 503, ok: false, error: 'HTTP 503' }],
    });
    const pending = await admin('GET', '/api/admin/webhooks?state=pending');
    expect(pending.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    const one = await admin('GET', '/api/admin/webhooks?limit=1&page=2');
    expect(one.body.data).toHaveLength(1);
    expect(one.body.meta).toMatchObject({ total: 3, page: 2, limit: 1, totalPages: 3 });
    expect((await admin('GET', '/api/admin/webhooks?limit=0')).status).toBe(400);
    expect((await admin('GET', '/api/admin/webhooks?state=lost')).status).toBe(400);
  });

  it('redelivers an event now with the same id and the same bytes', async () => {
    const list = await admin('GET', `/api/admin/webhooks?keyId=${key.id}&state=delivered`);
    const delivered = list.body.data[0] as { id: string };
    const first = rx.events().find((r) => r.id === delivered.id)!;
    const res = await admin('POST', `/api/admin/webhooks/${delivered.id}/redeliver`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: delivered.id });
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    const copies = rx.events().filter((r) => r.id === delivered.id);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.body).toBe(first.body);
    expect(copies[1]!.verified).toBe(true);
    const after = await admin('GET', `/api/admin/webhooks?keyId=${key.id}`);
    expect(after.body.data.find((d: { id: string }) => d.id === delivered.id)).toMatchObject({ state: 'delivered', attempts: 2 });
    expect((await admin('POST', '/api/admin/webhooks/msg_missing/redeliver')).status).toBe(404);
  });
});
