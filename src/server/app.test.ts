import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './testing/harness';

/** Just over the 64 KiB JSON limit, as valid JSON. */
const oversized = JSON.stringify({ vendorData: 'x', meta: { pad: 'p'.repeat(70 * 1024) } });

describe('app foundation', () => {
  let h: Harness;
  beforeAll(async () => { h = await createHarness(); });
  afterAll(async () => { await h.close(); });

  it('answers health with the database kind', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.db).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('sets strict security headers', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await h.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: false, code: 404, data: null });
  });

  describe('customer routes: the API key is checked before the body size', () => {
    const post = (path: string, headers: Record<string, string>, body: BodyInit) =>
      h.request('POST', path, { headers: { 'content-type': 'application/json', ...headers }, raw: body });
    /** A body without Content-Length (chunked), so the limit trips while reading it. */
    const chunked = () => new ReadableStream({
      start(ctl) { ctl.enqueue(new TextEncoder().encode(oversized)); ctl.close(); },
    });

    it('answers 401 to an oversized POST without a valid key, 413 with one', async () => {
      const { apiKey } = await h.createKey();
      for (const path of ['/api/v1/verifications', '/api/v1/company-verifications', '/api/v1/test/verifications/abc/outcome']) {
        const refused: Record<string, string>[] = [{}, { 'x-api-key': 'sk_test_not-a-key-at-all-0000000' }, { 'x-api-key': `${apiKey.slice(0, -1)}${apiKey.endsWith('A') ? 'B' : 'A'}` }];
        for (const headers of refused) {
          const res = await post(path, headers, oversized);
          expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
          expect(res.body).toMatchObject({ status: false, message: 'Unauthorized', code: 401 });
        }
        const res = await post(path, { 'x-api-key': apiKey }, oversized);
        expect(res.status, path).toBe(413);
        expect(res.body).toMatchObject({ status: false, message: 'Request body too large', code: 413 });
      }
    });

    it('does the same for a chunked body', async () => {
      const { apiKey } = await h.createKey();
      const send = (headers: Record<string, string>) => h.app.fetch(new Request('http://idv.test/api/v1/verifications', {
        method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: chunked(), duplex: 'half',
      } as RequestInit));
      expect((await send({})).status).toBe(401);
      expect((await send({ 'x-api-key': apiKey })).status).toBe(413);
    });

    it('over a real socket with a Content-Length header', async () => {
      const { apiKey } = await h.createKey();
      const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((r) => server.once('listening', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/verifications`;
      try {
        const send = (headers: Record<string, string>) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: oversized });
        expect((await send({})).status).toBe(401);
        expect((await send({ 'x-api-key': apiKey })).status).toBe(413);
        // Within the limit nothing changes: no key is 401, a key creates.
        const small = JSON.stringify({ vendorData: 'ok' });
        expect((await fetch(url, { method: 'POST', body: small })).status).toBe(401);
        expect((await fetch(url, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: small })).status).toBe(200);
      } finally {
        await new Promise((r) => server.close(r));
      }
    });
  });
});
