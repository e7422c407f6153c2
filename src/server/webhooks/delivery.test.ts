import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { postWebhook } from './delivery';

const opts = { timeoutMs: 2_000, allowPrivate: true, maxResponseBytes: 4096 };
const body = '{"event":"webhook.test","data":{}}';

describe('postWebhook', () => {
  let rx: WebhookReceiver;
  beforeAll(async () => { rx = await startWebhookReceiver(); });
  afterAll(async () => { await rx.close(); });
  beforeEach(() => { rx.setResponder(null); rx.setDown(false); });

  it('counts a 2xx as delivered and sends the exact bytes and headers', async () => {
    rx.setResponder(() => ({ status: 204 }));
    const res = await postWebhook(rx.url('/ok'), { 'content-type': 'application/json', 'webhook-id': 'msg_a' }, body, opts);
    expect(res).toMatchObject({ ok: true, statusCode: 204, error: null });
    const got = rx.requests().at(-1)!;
    expect(got.body).toBe(body);
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(got.id).toBe('msg_a');
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    rx.setResponder(({ path }) => (path === '/moved' ? { status: 302, headers: { location: rx.url('/target') } } : undefined));
    const res = await postWebhook(rx.url('/moved'), {}, body, opts);
    expect(res).toMatchObject({ ok: false, statusCode: 302, error: 'HTTP 302' });
    expect(rx.requests().some((r) => r.path === '/target')).toBe(false);
  });

  it('counts 500 and 503 as failures', async () => {
    rx.setResponder(() => ({ status: 500 }));
    expect(await postWebhook(rx.url('/x'), {}, body, opts)).toMatchObject({ ok: false, statusCode: 500, error: 'HTTP 500' });
    rx.setResponder(null);
    rx.setDown(true);
    expect(await postWebhook(rx.url('/x'), {}, body, opts)).toMatchObject({ ok: false, statusCode: 503 });
  });

  it('gives up after the timeout', async () => {
    rx.setResponder(() => ({ status: 200, delayMs: 1_000 }));
    const res = await postWebhook(rx.url('/slow'), {}, body, { ...opts, timeoutMs: 150 });
    expect(res).toMatchObject({ ok: false, statusCode: null, error: 'timeout after 150 ms' });
    expect(res.durationMs).toBeLessThan(900);
  });

  it('reports connection errors without throwing', async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url('/gone');
    await closed.close();
    const res = await postWebhook(url, {}, body, opts);
    expect(res.ok).toBe(false);
    expect(res.error).toContain('ECONNREFUSED');
  });

  it('refuses private targets when they are not allowed, before connecting', async () => {
    const before = rx.requests().length;
    const res = await postWebhook(rx.url('/private'), {}, body, { ...opts, allowPrivate: false });
    expect(res).toMatchObject({ ok: false, statusCode: null });
    expect(res.error).toContain('private');
    expect(rx.requests().length).toBe(before);
    expect((await postWebhook('ftp://example.com/', {}, body, opts)).error).toBe('only http and https URLs are allowed');
  });

  it('reads only the first bytes of an endless response body', async () => {
    const srv = createServer((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => { while (res.write(chunk)) { /* fill the socket buffer */ } };
      res.on('drain', pump);
      pump();
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/big`;
      const res = await postWebhook(url, {}, body, { ...opts, timeoutMs: 5_000 });
      expect(res).toMatchObject({ ok: true, statusCode: 200, error: null });
      expect(res.durationMs).toBeLessThan(4_000);
    } finally {
      srv.closeAllConnections();
      await new Promise((r) => srv.close(r));
    }
  });
});
