import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originSchema } from '../../contract/admin';
import { createApp } from '../app';
import { createHarness, type Harness } from '../testing/harness';
import { hostedPageCsp } from './hosted-page-csp';

// The frame-ancestors a customer's allowed origins open belong to the hosted flow's pages only;
// an allowed origin is exactly scheme://host[:port], so it can never add a CSP directive.
let h: Harness;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  h = await createHarness();
  const root = join(h.ctx.settings.dataDir, 'web');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  app = createApp(h.ctx, { webRoot: root });
});
afterAll(async () => { await h.close(); });

const cspOf = async (path: string) => (await app.request(path)).headers.get('content-security-policy') ?? '';

describe('frame-ancestors and allowed origins', () => {
  it('the dashboard never takes a hosted link\'s frame-ancestors, whatever processId it is given', async () => {
    const key = await h.createKey({ origins: ['https://evil.example'] });
    const id = (await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: {} })).body.data.verificationId;
    expect(await cspOf(`/?processId=${id}`)).toContain('https://evil.example');
    for (const path of [`/dashboard?processId=${id}`, `/dashboard/developers?processId=${id}`, `/elsewhere?processId=${id}`]) {
      const csp = await cspOf(path);
      expect(csp, path).not.toContain('evil.example');
      expect(csp).toMatch(/frame-ancestors 'self'$/);
    }
  });

  it('accepts only scheme://host[:port] as an allowed origin', () => {
    for (const bad of ['https://a.example;script-src *', 'https://*.example', 'https://a.example,https://b.example', "https://a.example'x", 'https://a.example/path', 'https://a .example', ' https://a.example', 'ftp://a.example', 'https://user@a.example']) {
      expect(originSchema.safeParse(bad).success, bad).toBe(false);
    }
    for (const [good, origin] of [['https://shop.example', 'https://shop.example'], ['https://shop.example:8443/', 'https://shop.example:8443'], ['http://[::1]:3000', 'http://[::1]:3000'], ['http://127.0.0.1:5173', 'http://127.0.0.1:5173']]) {
      expect(originSchema.parse(good)).toBe(origin);
    }
  });

  it('refuses such an origin in the API with a clear message, and drops one already stored from the CSP', async () => {
    const res = await h.request('POST', '/api/admin/keys', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { mode: 'test', origins: ['https://a.example;script-src *'] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('must be an origin like https://shop.example');
    const csp = hostedPageCsp(['https://a.example;script-src *', 'https://*.example', 'https://ok.example'], undefined);
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/ok\.example$/);
    expect(csp).not.toContain('script-src *');
  });
});
