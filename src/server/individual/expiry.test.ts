import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualStatusCodes, INDIVIDUAL_SESSION_TTL_MS, type IndividualStatus } from '../../contract/statuses';
import { verifications } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import type { VerificationId } from '../../contract/ids';
import { testVerificationId } from '../testing/test-ids';

describe('individual expiry, enforced on read', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.createKey()).apiKey;
  });
  afterAll(async () => { await h.close(); });

  const create = async (status?: IndividualStatus) => {
    const res = await h.request('POST', '/api/v1/verifications', { key, body: {} });
    const id = testVerificationId(res.body.data.verificationId);
    if (status) await h.ctx.db.update(verifications).set({ status, statusCode: individualStatusCodes[status] }).where(eq(verifications.id, id));
    return { id, expiresAt: res.body.data.expiresAt as string };
  };
  const get = async (id: string) => (await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data;
  const stored = async (id: VerificationId) => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!;

  it('turns not started into cancelled and started into abandoned 7 days after creation', async () => {
    const fresh = await create();
    const started = await create('started');
    const completed = await create('completed');
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS - 1);
    expect((await get(fresh.id)).status).toBe('not started');
    expect((await get(started.id)).status).toBe('started');
    h.clock.advance(1);
    expect(await get(fresh.id)).toMatchObject({
      status: 'cancelled', statusCode: 5000, decision: 'expired', reason: 'Session expired', updatedAt: fresh.expiresAt,
    });
    expect(await get(started.id)).toMatchObject({ status: 'abandoned', statusCode: 3033, decision: 'expired', reason: 'Session expired' });
    // A submitted session waits for its decision: no expiry.
    expect((await get(completed.id)).status).toBe('completed');
    // Persisted, not only shown.
    expect(await stored(fresh.id)).toMatchObject({ status: 'cancelled', statusCode: 5000, decision: 'expired' });
    expect((await stored(started.id)).status).toBe('abandoned');
  });

  it('applies expiry before listing, so the status filter sees it', async () => {
    const k = await h.createKey();
    await h.request('POST', '/api/v1/verifications', { key: k.apiKey, body: { vendorData: 'old' } });
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS);
    await h.request('POST', '/api/v1/verifications', { key: k.apiKey, body: { vendorData: 'new' } });
    const cancelled = await h.request('GET', '/api/v1/verifications?status=cancelled', { key: k.apiKey });
    expect(cancelled.body.data.map((r: { vendorData: string }) => r.vendorData)).toEqual(['old']);
    expect(cancelled.body.data[0].decision).toBe('expired');
    const open = await h.request('GET', '/api/v1/verifications?status=not%20started', { key: k.apiKey });
    expect(open.body.data.map((r: { vendorData: string }) => r.vendorData)).toEqual(['new']);
  });

  it('refuses to cancel an expired session (it is already conclusive)', async () => {
    const s = await create('started');
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS + 1);
    const res = await h.request('PATCH', `/api/v1/verifications/${s.id}/cancel`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 'abandoned' });
    expect((await stored(s.id)).status).toBe('abandoned');
  });
});
