import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeySchema, createdKeySchema } from '../../contract/admin';
import { apiKeys } from '../db/schema';
import { insertCompany } from '../company/company.testkit';
import { createHarness, type Harness } from '../testing/harness';

describe('admin API: keys', () => {
  let h: Harness;
  const admin = (method: string, path: string, body?: unknown) =>
    h.request(method, path, { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body });
  const createVerification = (key: string) => h.request('POST', '/api/v1/verifications', { key, body: { vendorData: 'u1' } });

  beforeAll(async () => { h = await createHarness(); });
  afterAll(async () => { await h.close(); });

  it('refuses a missing or wrong admin token with 401', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong' }, { authorization: h.ctx.adminToken }]) {
      const res = await h.request('GET', '/api/admin/keys', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: false, code: 401, data: null });
    }
    const create = await h.request('POST', '/api/admin/keys', { body: { mode: 'test' } });
    expect(create.status).toBe(401);
    // A customer API key is not an admin token.
    const { apiKey } = await h.createKey();
    expect((await h.request('GET', '/api/admin/keys', { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(401);
  });

  it('creates a key that works on the customer API, shown once', async () => {
    const res = await admin('POST', '/api/admin/keys', {
      mode: 'live', name: 'Shop', eventsUrl: 'https://shop.example/events', decisionUrl: 'https://shop.example/decision',
      origins: ['https://shop.example', 'http://localhost:3000/'],
      branding: { name: 'Shop Ltd', accentColor: '#12ab9F', privacyPolicyUrl: 'https://shop.example/privacy' },
      unknownField: 'ignored',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, code: 200, message: 'API key created' });
    const k = createdKeySchema.parse(res.body.data);
    expect(k).toMatchObject({
      mode: 'live', name: 'Shop', eventsUrl: 'https://shop.example/events', decisionUrl: 'https://shop.example/decision',
      origins: ['https://shop.example', 'http://localhost:3000'], revokedAt: null,
      branding: { name: 'Shop Ltd', accentColor: '#12ab9F', privacyPolicyUrl: 'https://shop.example/privacy' },
    });
    expect(k.apiKey).toMatch(/^sk_live_[A-Za-z0-9_-]{43,}$/);
    expect(k.apiKey.startsWith(k.hint.replace('…', ''))).toBe(true);
    expect((await createVerification(k.apiKey)).status).toBe(200);

    const list = await admin('GET', '/api/admin/keys');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(k.apiKey);
    const listed = list.body.data.map((x: unknown) => adminKeySchema.strict().parse(x));
    expect(listed.find((x: { id: string }) => x.id === k.id)).toMatchObject({ hint: k.hint, name: 'Shop' });
    const one = await admin('GET', `/api/admin/keys/${k.id}`);
    expect(one.body.data).not.toHaveProperty('apiKey');
    expect(one.body.data.id).toBe(k.id);
  });

  it('validates the create body', async () => {
    const bad = [
      {},
      { mode: 'prod' },
      { mode: 'test', eventsUrl: 'ftp://x.example/' },
      { mode: 'test', decisionUrl: 'https://user:pw@x.example/' },
      { mode: 'test', origins: ['https://shop.example/path'] },
      { mode: 'test', origins: ['shop.example'] },
      { mode: 'test', origins: ['https://shop.example?x=1'] },
      { mode: 'test', origins: 'https://shop.example' },
      { mode: 'test', branding: { accentColor: 'red' } },
      { mode: 'test', branding: { accentColor: '#abc' } },
      { mode: 'test', branding: { privacyPolicyUrl: 'javascript:alert(1)' } },
    ];
    for (const body of bad) {
      const res = await admin('POST', '/api/admin/keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ status: false, code: 400, message: 'Invalid request payload', data: null });
      expect(res.body.error.issues.length).toBeGreaterThan(0);
    }
    const malformed = await h.request('POST', '/api/admin/keys', {
      raw: '{nope', headers: { authorization: `Bearer ${h.ctx.adminToken}`, 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('updates URLs, origins, name and branding; null clears; branding merges', async () => {
    const { data: k } = (await admin('POST', '/api/admin/keys', {
      mode: 'test', eventsUrl: 'https://a.example/e', branding: { name: 'A', accentColor: '#000000' },
    })).body;
    const res = await admin('PATCH', `/api/admin/keys/${k.id}`, {
      decisionUrl: 'https://a.example/d', origins: ['https://a.example'], name: 'renamed', branding: { accentColor: null, logoUrl: 'https://a.example/logo.png' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      eventsUrl: 'https://a.example/e', decisionUrl: 'https://a.example/d', origins: ['https://a.example'], name: 'renamed',
      branding: { name: 'A', logoUrl: 'https://a.example/logo.png' },
    });
    expect(res.body.data.branding).not.toHaveProperty('accentColor');
    const cleared = await admin('PATCH', `/api/admin/keys/${k.id}`, { eventsUrl: null, origins: null, branding: null, name: null });
    expect(cleared.body.data).toMatchObject({ eventsUrl: null, decisionUrl: 'https://a.example/d', origins: [], branding: {}, name: '' });
    const [row] = await h.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row).toMatchObject({ eventsUrl: null, origins: [], branding: {} });

    expect((await admin('PATCH', `/api/admin/keys/${k.id}`, { origins: ['nope'] })).status).toBe(400);
    expect((await admin('PATCH', '/api/admin/keys/key_unknown', { name: 'x' })).status).toBe(404);
  });

  it('revokes: the key then gets 401 on the customer API, and cannot be updated', async () => {
    const { data: k } = (await admin('POST', '/api/admin/keys', { mode: 'test' })).body;
    expect((await createVerification(k.apiKey)).status).toBe(200); // warms the key cache
    h.clock.advance(60_000);
    const res = await admin('POST', `/api/admin/keys/${k.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'API key revoked', data: { id: k.id, revokedAt: h.clock.now().toISOString() } });
    const after = await createVerification(k.apiKey);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ status: false, code: 401, message: 'Unauthorized' });
    expect((await h.request('GET', '/api/v1/verifications', { key: k.apiKey })).status).toBe(401);

    h.clock.advance(60_000);
    const again = await admin('POST', `/api/admin/keys/${k.id}/revoke`);
    expect(again.body.data.revokedAt).toBe(res.body.data.revokedAt);
    expect((await admin('PATCH', `/api/admin/keys/${k.id}`, { name: 'x' })).status).toBe(409);
    expect((await admin('POST', '/api/admin/keys/key_unknown/revoke')).status).toBe(404);
    const listed = (await admin('GET', '/api/admin/keys')).body.data.find((x: { id: string }) => x.id === k.id);
    expect(listed.revokedAt).not.toBeNull();
  });

  it('an unknown or malformed key gets 401', async () => {
    for (const key of ['sk_test_' + 'A'.repeat(43), 'sk_live_nope', '']) {
      const res = await h.request('GET', '/api/v1/verifications', { headers: { 'x-api-key': key } });
      expect(res.status).toBe(401);
    }
  });

  it("sets a key's default language, which both hosted sessions carry; null clears it, an unknown one is refused", async () => {
    const created = await admin('POST', '/api/admin/keys', { mode: 'test', defaultLanguage: 'ha' });
    expect(created.status).toBe(200);
    const k = createdKeySchema.parse(created.body.data);
    expect(k.defaultLanguage).toBe('ha');
    const v = await createVerification(k.apiKey);
    const hosted = await h.request('GET', `/api/v1/hosted/verifications/${v.body.data.verificationId}`);
    expect(hosted.body.data.defaultLanguage).toBe('ha');
    const company = await insertCompany(h.ctx, { apiKeyId: k.id });
    const companyHosted = await h.request('GET', `/api/v1/hosted/company-verifications/${company.id}`, { headers: { 'x-hosted-token': company.token } });
    expect(companyHosted.body.data.defaultLanguage).toBe('ha');

    for (const bad of ['xx', 'EN', 1, '']) {
      const res = await admin('PATCH', `/api/admin/keys/${k.id}`, { defaultLanguage: bad });
      expect(res.status, String(bad)).toBe(400);
    }
    expect((await admin('POST', '/api/admin/keys', { mode: 'test', defaultLanguage: 'klingon' })).status).toBe(400);
    expect((await admin('GET', `/api/admin/keys/${k.id}`)).body.data.defaultLanguage).toBe('ha');
    expect((await admin('PATCH', `/api/admin/keys/${k.id}`, { defaultLanguage: 'fa' })).body.data.defaultLanguage).toBe('fa');
    expect((await h.request('GET', `/api/v1/hosted/verifications/${v.body.data.verificationId}`)).body.data.defaultLanguage).toBe('fa');
    expect((await admin('PATCH', `/api/admin/keys/${k.id}`, { defaultLanguage: null })).body.data.defaultLanguage).toBeNull();
    expect((await h.request('GET', `/api/v1/hosted/verifications/${v.body.data.verificationId}`)).body.data.defaultLanguage).toBeNull();
  });
});
