import { afterEach, describe, expect, it } from 'vitest';
import { webhookHeaders } from '../webhooks/signing';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const key = 'sk_test_receiverKeyForTests_0123456789abcdefABCDEF';
const post = (url: string, headers: Record<string, string>, body: string) =>
  fetch(url, { method: 'POST', headers, body });

describe('test webhook receiver', () => {
  let rx: WebhookReceiver;
  afterEach(async () => { await rx.close(); });

  it('records raw bodies and verifies signatures with standardwebhooks', async () => {
    rx = await startWebhookReceiver({ secret: key });
    const body = '{"event":"a","data":{"x":1}}';
    const ts = Math.floor(Date.now() / 1000);
    const res = await post(rx.url('/events'), webhookHeaders(key, 'msg_1', ts, body), body);
    expect(res.status).toBe(200);
    await post(rx.url('/events'), webhookHeaders(key, 'msg_2', ts, body), body.replace('1', '2'));
    const [good, bad] = rx.events();
    expect(good).toMatchObject({ path: '/events', id: 'msg_1', body, verified: true, json: { event: 'a', data: { x: 1 } } });
    expect(bad).toMatchObject({ id: 'msg_2', verified: false });
  });

  it('answers 503 while down and resolves waitFor on a later delivery', async () => {
    rx = await startWebhookReceiver();
    rx.setDown(true);
    expect((await post(rx.url('/d'), { 'webhook-id': 'm1' }, '{}')).status).toBe(503);
    const waiting = rx.waitFor((r) => r.id === 'm1', 2_000);
    rx.setDown(false);
    expect((await post(rx.url('/d'), { 'webhook-id': 'm1' }, '{}')).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect(rx.requests().map((r) => r.status)).toEqual([503, 200]);
    expect(rx.events()).toHaveLength(1);
    expect(rx.events()[0]!.verified).toBeNull();
  });

  it('rejects waitFor after the timeout', async () => {
    rx = await startWebhookReceiver();
    await expect(rx.waitFor(() => true, 50)).rejects.toThrow(/no matching delivery/);
  });
});
