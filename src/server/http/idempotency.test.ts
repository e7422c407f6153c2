import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyVerifications, idempotencyKeys, verifications } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { IDEMPOTENCY_TTL_MS } from './idempotency';

describe('Idempotency-Key on POST', () => {
  let h: Harness;
  let key: { id: string; apiKey: string };
  beforeAll(async () => {
    h = await createHarness();
    key = await h.createKey();
  });
  afterAll(async () => { await h.close(); });

  const post = (path: string, idem: string | undefined, body: unknown, k = key.apiKey) =>
    h.request('POST', path, { key: k, body, headers: idem === undefined ? {} : { 'Idempotency-Key': idem } });
  const countFor = async (apiKeyId: string) => (await h.ctx.db.select().from(verifications).where(eq(verifications.apiKeyId, apiKeyId))).length;

  it('replays the first response exactly for the same key and body, creating one record', async () => {
    const k = await h.createKey();
    const first = await post('/api/v1/verifications', 'order-1', { vendorData: 'a' }, k.apiKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    h.clock.advance(60_000);
    const again = await post('/api/v1/verifications', 'order-1', { vendorData: 'a' }, k.apiKey);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(await countFor(k.id)).toBe(1);
  });

  it('answers 400 when the key is reused with a different body or endpoint', async () => {
    await post('/api/v1/verifications', 'order-2', { vendorData: 'a' });
    const other = await post('/api/v1/verifications', 'order-2', { vendorData: 'b' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      status: false, code: 400, message: 'Idempotency-Key was already used with a different request body',
    });
    const elsewhere = await post('/api/v1/company-verifications', 'order-2', { vendorData: 'a' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('Idempotency-Key was already used with a different request body');
  });

  it('scopes keys per API key', async () => {
    const a = await h.createKey();
    const b = await h.createKey();
    const ra = await post('/api/v1/verifications', 'shared', { vendorData: 'x' }, a.apiKey);
    const rb = await post('/api/v1/verifications', 'shared', { vendorData: 'x' }, b.apiKey);
    expect(rb.status).toBe(200);
    expect(rb.body.data.verificationId).not.toBe(ra.body.data.verificationId);
    expect(await countFor(a.id)).toBe(1);
    expect(await countFor(b.id)).toBe(1);
  });

  it('forgets a key after 24 h: the same key then creates a new record', async () => {
    const k = await h.createKey();
    const first = await post('/api/v1/verifications', 'day-old', { vendorData: 'a' }, k.apiKey);
    h.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    expect((await post('/api/v1/verifications', 'day-old', { vendorData: 'a' }, k.apiKey)).body).toEqual(first.body);
    h.clock.advance(2000);
    const later = await post('/api/v1/verifications', 'day-old', { vendorData: 'other body is fine now' }, k.apiKey);
    expect(later.status).toBe(200);
    expect(later.body.data.verificationId).not.toBe(first.body.data.verificationId);
    expect(await countFor(k.id)).toBe(2);
    // And the new response is the one replayed from now on.
    const replay = await post('/api/v1/verifications', 'day-old', { vendorData: 'other body is fine now' }, k.apiKey);
    expect(replay.body).toEqual(later.body);
  });

  it('creates one record for concurrent duplicates', async () => {
    const k = await h.createKey();
    const results = await Promise.all(Array.from({ length: 8 }, () => post('/api/v1/verifications', 'race', { vendorData: 'r' }, k.apiKey)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.verificationId)).size).toBe(1);
    expect(await countFor(k.id)).toBe(1);
  });

  it('does not store failures: a failed request can be retried with the same key', async () => {
    const k = await h.createKey();
    const bad = await post('/api/v1/verifications', 'retry-me', { vendorData: 5 }, k.apiKey);
    expect(bad.status).toBe(400);
    const good = await post('/api/v1/verifications', 'retry-me', { vendorData: '5' }, k.apiKey);
    expect(good.status).toBe(200);
    const noCampaign = await post('/api/v1/company-verifications', 'cmp', { campaignId: 'later' }, k.apiKey);
    expect(noCampaign.status).toBe(400);
    const rows = await h.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.apiKeyId, k.id));
    expect(rows.map((r) => r.key)).toEqual(['retry-me']);
  });

  it('replays company creates, including the same hosted token', async () => {
    const k = await h.createKey();
    const first = await post('/api/v1/company-verifications', 'c-1', { vendorData: 'co' }, k.apiKey);
    const again = await post('/api/v1/company-verifications', 'c-1', { vendorData: 'co' }, k.apiKey);
    expect(again.body).toEqual(first.body);
    expect(first.body.data.link).toContain('hostedToken=');
    const rows = await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.apiKeyId, k.id));
    expect(rows).toHaveLength(1);
    // The stored response is sealed: the hosted token is not in the database in clear.
    const token = new URL(first.body.data.link).searchParams.get('hostedToken')!;
    const [stored] = await h.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.apiKeyId, k.id));
    expect(stored!.responseBody).not.toContain(token);
    expect(stored!.responseBody).not.toContain('hostedToken');
  });

  it('refuses malformed keys', async () => {
    for (const bad of ['', 'x'.repeat(256), 'has space']) {
      const res = await post('/api/v1/verifications', bad, {});
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.issues[0].path).toBe('Idempotency-Key');
    }
    expect((await post('/api/v1/verifications', 'x'.repeat(255), {})).status).toBe(200);
  });
});
