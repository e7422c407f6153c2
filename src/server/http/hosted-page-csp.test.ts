import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../app';
import { createHarness, type Harness } from '../testing/harness';
import { hostedPageCsp } from './hosted-page-csp';

describe('hosted page CSP', () => {
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

  it('lets only the key\'s allowed origins frame the flow and shows its logo', async () => {
    const framed = await h.createKey({ origins: ['https://shop.example'], branding: { logoUrl: 'https://cdn.shop.example/logo.png' } });
    const plain = await h.createKey();
    const a = (await h.request('POST', '/api/v1/verifications', { key: framed.apiKey, body: {} })).body.data.verificationId;
    const b = (await h.request('POST', '/api/v1/verifications', { key: plain.apiKey, body: {} })).body.data.verificationId;
    const company = (await h.request('POST', '/api/v1/company-verifications', { key: framed.apiKey, body: {} })).body.data.link;

    const cspA = await cspOf(`/?processId=${a}`);
    expect(cspA).toContain("frame-ancestors 'self' https://shop.example");
    expect(cspA).toMatch(/img-src [^;]*https:\/\/cdn\.shop\.example/);
    expect(await cspOf(`/company${new URL(company).search}`)).toContain('https://shop.example');
    expect(await cspOf(`/?processId=${b}`)).toMatch(/frame-ancestors 'self'$/);
    expect(await cspOf(`/?processId=${b}`)).not.toContain('shop.example');
  });

  it('falls back to no framing for unknown or malformed ids', async () => {
    for (const q of ['', '?processId=ffffffffffffffffffffffffffffffff', "?processId=x'%20or%201=1"]) {
      expect(await cspOf(`/${q}`)).toMatch(/frame-ancestors 'self'$/);
    }
  });

  it('ignores origins that are not http(s)', () => {
    expect(hostedPageCsp(['javascript:alert(1)', 'https://ok.example'], 'data:x')).toMatch(/frame-ancestors 'self' https:\/\/ok\.example$/);
  });
});
