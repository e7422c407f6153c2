import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualRecordSchema } from '../../../contract/individual';
import { verifications } from '../../db/schema';
import { createHarness, type Harness } from '../../testing/harness';
import type { VerificationId } from '../../../contract/ids';

describe('customer API v1: GET /v1/verifications', () => {
  let h: Harness;
  let key: string;
  let other: string;
  const ids: VerificationId[] = []; // oldest first
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.createKey()).apiKey;
    other = (await h.createKey()).apiKey;
    for (let i = 0; i < 12; i++) {
      const res = await h.request('POST', '/api/v1/verifications', { key, body: { vendorData: `v${i}` } });
      ids.push(res.body.data.verificationId);
      h.clock.advance(1000);
    }
    await h.request('POST', '/api/v1/verifications', { key: other, body: { vendorData: 'foreign' } });
  });
  afterAll(async () => { await h.close(); });

  const list = (query = '', k = key) => h.request('GET', `/api/v1/verifications${query}`, { key: k });

  it('lists full records, most recently updated first, with the default page of 10', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Fetched verifications', code: 200 });
    expect(res.body.meta).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2 });
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    for (const r of res.body.data) individualRecordSchema.parse(r);
  });

  it('pages through the rest and answers an empty page past the end with the real total', async () => {
    const p2 = await list('?page=2&limit=10');
    expect(p2.body.data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(p2.body.meta).toEqual({ total: 12, page: 2, limit: 10, totalPages: 2 });
    const past = await list('?page=9&limit=5');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toEqual({ total: 12, page: 9, limit: 5, totalPages: 3 });
    const max = await list('?limit=100');
    expect(max.body.data).toHaveLength(12);
    expect(max.body.meta.limit).toBe(100);
    const one = await list('?limit=1&page=12');
    expect(one.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
  });

  it.each(['?page=0', '?limit=0', '?limit=101', '?page=abc', '?limit=1.5', '?page=-1', '?status=nope', '?page='])(
    'answers 400 for %s', async (query) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: false, message: 'Invalid query parameters', code: 400, data: null });
      expect(res.body.error.issues.length).toBeGreaterThan(0);
    },
  );

  it('moves a record to the top when it changes, and filters by status', async () => {
    h.clock.advance(1000);
    await h.request('PATCH', `/api/v1/verifications/${ids[0]}/cancel`, { key });
    const res = await list('?limit=3');
    expect(res.body.data[0].id).toBe(ids[0]);
    const cancelled = await list('?status=cancelled');
    expect(cancelled.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(cancelled.body.meta).toEqual({ total: 1, page: 1, limit: 10, totalPages: 1 });
    const started = await list('?status=started');
    expect(started.body.data).toEqual([]);
    expect(started.body.meta.total).toBe(0);
    const notStarted = await list('?status=not%20started&limit=100');
    expect(notStarted.body.meta.total).toBe(11);
  });

  it('breaks updatedAt ties in a stable order', async () => {
    // Same updatedAt for all: the order must still be total and repeatable across pages.
    await h.ctx.db.update(verifications).set({ updatedAt: h.clock.now() });
    const a = await list('?limit=100');
    const pages = [...(await list('?limit=5&page=1')).body.data, ...(await list('?limit=5&page=2')).body.data, ...(await list('?limit=5&page=3')).body.data];
    expect(pages.map((r: { id: string }) => r.id)).toEqual(a.body.data.map((r: { id: string }) => r.id));
  });

  it('shows only the calling key\'s records and hides deleted ones', async () => {
    const foreign = await list('', other);
    expect(foreign.body.data.map((r: { vendorData: string }) => r.vendorData)).toEqual(['foreign']);
    expect(foreign.body.meta.total).toBe(1);
    await h.request('DELETE', `/api/v1/verifications/${ids[5]}`, { key });
    const res = await list('?limit=100');
    expect(res.body.meta.total).toBe(11);
    expect(res.body.data.map((r: { id: string }) => r.id)).not.toContain(ids[5]);
    const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, ids[5]!));
    expect(row?.deletedAt).not.toBeNull();
  });
});
