import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';

// A real listening server and Node's fetch, which keeps connections alive: after a refused
// oversized body the next requests of the same client must all succeed (the 413 closes its
// connection instead of leaving unread bytes on a socket the client would reuse).
let h: Harness;
let server: ServerType;
let base: string;
let apiKey: string;

beforeAll(async () => {
  h = await createHarness();
  apiKey = (await h.createKey()).apiKey;
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await h.close();
});

describe('413 on a keep-alive connection', () => {
  it('answers 413 in the envelope with Connection: close, and the client\'s next requests succeed', async () => {
    const list = () => fetch(`${base}/api/v1/verifications?limit=1`, { headers: { 'x-api-key': apiKey } });
    expect((await list()).status).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      const big = await fetch(`${base}/api/v1/verifications`, {
        method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ vendorData: 'x'.repeat(300_000) }),
      });
      expect(big.status).toBe(413);
      expect(big.headers.get('connection')).toBe('close');
      expect(await big.json()).toMatchObject({ status: false, code: 413, message: 'Request body too large' });
      for (let i = 0; i < 5; i += 1) {
        const res = await list();
        expect(res.status, `request ${i} after the 413 of round ${round}`).toBe(200);
        await res.arrayBuffer();
      }
    }
  });
});
