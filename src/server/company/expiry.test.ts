import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_LINK_TTL_MS, companyStatusCodes, type CompanyStatus } from '../../contract/statuses';
import { companyVerifications } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';

describe('company link expiry, enforced on read', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.createKey()).apiKey;
  });
  afterAll(async () => { await h.close(); });

  const create = async (status?: CompanyStatus, submitted = false) => {
    const res = await h.request('POST', '/api/v1/company-verifications', { key, body: {} });
    const { verificationId, expiresAt } = res.body.data as { verificationId: string; expiresAt: string };
    if (status) {
      await h.ctx.db.update(companyVerifications).set({
        status, statusCode: companyStatusCodes[status], submittedAt: submitted ? h.clock.now() : null,
      }).where(eq(companyVerifications.publicId, verificationId));
    }
    return { verificationId, expiresAt };
  };
  const get = async (id: string) => (await h.request('GET', `/api/v1/company-verifications/${id}`, { key })).body.data;

  it('abandons not started and started verifications at expiresAt, with an audit entry', async () => {
    const fresh = await create();
    const started = await create('started');
    const submitted = await create('submitted', true);
    h.clock.advance(COMPANY_LINK_TTL_MS - 1);
    expect((await get(fresh.verificationId)).status).toBe('not started');
    h.clock.advance(1);
    const rec = await get(fresh.verificationId);
    expect(rec).toMatchObject({ status: 'abandoned', statusCode: 3033, reason: 'Link expired', updatedAt: fresh.expiresAt });
    expect(rec.auditTrail.at(-1)).toEqual({ at: fresh.expiresAt, action: 'expired', actor: 'system', from: 'not started', to: 'abandoned' });
    const st = await get(started.verificationId);
    expect(st.status).toBe('abandoned');
    expect(st.auditTrail.at(-1)).toMatchObject({ from: 'started', to: 'abandoned' });
    expect((await get(submitted.verificationId)).status).toBe('submitted');
    // Reading twice does not append twice.
    expect((await get(fresh.verificationId)).auditTrail.filter((e: { action: string }) => e.action === 'expired')).toHaveLength(1);
  });

  it('applies expiry before listing', async () => {
    const k = await h.createKey();
    await h.request('POST', '/api/v1/company-verifications', { key: k.apiKey, body: { vendorData: 'old' } });
    h.clock.advance(COMPANY_LINK_TTL_MS);
    await h.request('POST', '/api/v1/company-verifications', { key: k.apiKey, body: { vendorData: 'new' } });
    const res = await h.request('GET', '/api/v1/company-verifications?status=abandoned', { key: k.apiKey });
    expect(res.body.data.map((r: { vendorData: string }) => r.vendorData)).toEqual(['old']);
    expect(res.body.meta.total).toBe(1);
  });
});
