import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { enqueueEvent } from './outbox';
import { createWebhookWorker } from './worker';

// Delivery slots are shared by every organisation: a receiver that never answers may hold only
// its own organisation's share of them, so another organisation's webhook still goes out at once.
let h: Harness;
let rx: WebhookReceiver;
let dead: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  h = await createHarness();
  rx = await startWebhookReceiver();
  // Accepts the connection and never answers (the worst receiver: each attempt waits its timeout).
  dead = createServer(() => undefined);
  dead.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => dead.close(resolve));
  await rx.close();
  await h.close();
});

describe('webhook delivery fairness between organisations', () => {
  it('48 events to a receiver that never answers do not delay another organisation beyond a small bound', async () => {
    const port = (dead.address() as { port: number }).port;
    const slow = await h.createKey({ name: 'slow', eventsUrl: `http://127.0.0.1:${port}/hang` });
    const org = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Globex' } })).body.data;
    const healthy = await h.createKey({ name: 'healthy', orgId: org.id, eventsUrl: rx.url('/events') });
    rx.setSecret(healthy.apiKey);
    for (let i = 0; i < 48; i += 1) {
      await enqueueEvent(h.ctx.db, { apiKeyId: slow.id, type: 'verification.started', data: { verificationId: `slow-${i}` }, subjectId: `slow-${i}`, now: h.clock.now() });
    }
    // The production defaults (slots, 15 s timeout): only the fairness rule is under test.
    const worker = createWebhookWorker(h.ctx, { pollMs: 50 });
    worker.start();
    await expect.poll(() => sockets.size, { timeout: 5000 }).toBeGreaterThan(0);
    const started = Date.now();
    const id = await enqueueEvent(h.ctx.db, { apiKeyId: healthy.id, type: 'verification.started', data: { verificationId: 'fast' }, subjectId: 'fast', now: h.clock.now() });
    worker.kick();
    await expect.poll(() => rx.events().some((e) => e.id === id), { timeout: 5000, interval: 20 }).toBe(true);
    const delayMs = Date.now() - started;
    expect(delayMs).toBeLessThan(2000);
    // The dead receiver holds no more than its share, never every slot.
    expect(sockets.size).toBeLessThanOrEqual(4);
    for (const s of sockets) s.destroy();
    await worker.stop();
  }, 30_000);
});
