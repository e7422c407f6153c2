import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../db/schema';
import { newVerificationId } from '../lib/ids';
import { createHarness, type Harness } from '../testing/harness';
import { createIndividualBatches, type NewIndividual } from './batch';
import { testVerificationId } from '../testing/test-ids';

describe('batched create and fetch-one', () => {
  let h: Harness;
  let a: { id: string; apiKey: string };
  let b: { id: string; apiKey: string };
  beforeAll(async () => {
    h = await createHarness();
    a = await h.createKey();
    b = await h.createKey();
  });
  afterAll(async () => { await h.close(); });

  const row = (apiKeyId: string, i: number): NewIndividual => ({
    id: newVerificationId(), apiKeyId, status: 'not started', statusCode: 1001, vendorData: `v${i}`,
    userMeta: { i, nested: { quote: 'it\'s "quoted", {braced}' } }, verificationMethod: 'auto',
    redirect: i % 2 ? `https://x.example/${i}` : null, expiresAt: new Date('2026-01-12T10:00:00Z'), createdAt: new Date('2026-01-05T10:00:00Z'),
  });

  it('inserts concurrent rows exactly, types and JSON intact', async () => {
    const batches = createIndividualBatches(h.ctx);
    const rows = Array.from({ length: 30 }, (_, i) => row(i % 2 ? a.id : b.id, i));
    await Promise.all(rows.map((r) => batches.insert(r)));
    const stored = await h.ctx.db.select().from(verifications).where(inArray(verifications.id, rows.map((r) => r.id)));
    expect(stored).toHaveLength(30);
    for (const r of rows) {
      const s = stored.find((x) => x.id === r.id)!;
      expect(s).toMatchObject({ apiKeyId: r.apiKeyId, vendorData: r.vendorData, userMeta: r.userMeta, redirect: r.redirect, status: 'not started', statusCode: 1001 });
      expect(s.createdAt.toISOString()).toBe('2026-01-05T10:00:00.000Z');
      expect(s.updatedAt.toISOString()).toBe('2026-01-05T10:00:00.000Z');
      expect(s.expiresAt.toISOString()).toBe('2026-01-12T10:00:00.000Z');
    }
  });

  it('fails only the bad row of a batch', async () => {
    const batches = createIndividualBatches(h.ctx);
    const good = [row(a.id, 1), row(a.id, 2)];
    const bad = row('key_does_not_exist', 3); // foreign key violation
    const results = await Promise.allSettled([batches.insert(good[0]!), batches.insert(bad), batches.insert(good[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await h.ctx.db.select({ id: verifications.id }).from(verifications).where(inArray(verifications.id, [...good, bad].map((r) => r.id)));
    expect(stored.map((s) => s.id).sort()).toEqual(good.map((r) => r.id).sort());
  });

  it('answers each caller of a mixed batch with its own key\'s row only', async () => {
    const batches = createIndividualBatches(h.ctx);
    const ra = row(a.id, 7);
    const rb = row(b.id, 8);
    await Promise.all([batches.insert(ra), batches.insert(rb)]);
    const [aOwn, bOwn, aForeign, bForeign, unknown, aAgain] = await Promise.all([
      batches.find(ra.id, a.id), batches.find(rb.id, b.id), batches.find(rb.id, a.id), batches.find(ra.id, b.id),
      batches.find(testVerificationId('ffffffffffffffffffffffffffffffff'), a.id), batches.find(ra.id, a.id),
    ]);
    expect(aOwn?.vendorData).toBe('v7');
    expect(bOwn?.vendorData).toBe('v8');
    expect(aForeign).toBeNull();
    expect(bForeign).toBeNull();
    expect(unknown).toBeNull();
    expect(aAgain?.id).toBe(ra.id);
    expect(aOwn?.createdAt).toBeInstanceOf(Date);
  });

  it('serves many concurrent API requests correctly', async () => {
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      h.request('POST', '/api/v1/verifications', { key: i % 2 ? a.apiKey : b.apiKey, body: { vendorData: `c${i}` } })));
    expect(created.every((r) => r.status === 200)).toBe(true);
    const got = await Promise.all(created.map((r, i) =>
      h.request('GET', `/api/v1/verifications/${r.body.data.verificationId}`, { key: i % 2 ? a.apiKey : b.apiKey })));
    got.forEach((g, i) => expect(g.body.data.vendorData).toBe(`c${i}`));
    const crossed = await Promise.all(created.map((r, i) =>
      h.request('GET', `/api/v1/verifications/${r.body.data.verificationId}`, { key: i % 2 ? b.apiKey : a.apiKey })));
    expect(crossed.every((g) => g.status === 400)).toBe(true);
  });
});
