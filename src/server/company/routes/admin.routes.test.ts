import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPayloadSchema } from '../../../contract/events';
import { companyVerifications, webhookEvents } from '../../db/schema';
import { insertCompany, submittedCompany } from '../company.testkit';
import { createHarness, type Harness } from '../../testing/harness';

describe('operator review of company verifications', () => {
  let h: Harness;
  let live: { id: string; apiKey: string };
  beforeAll(async () => {
    h = await createHarness();
    live = await h.createKey({ mode: 'live' });
  });
  afterAll(async () => { await h.close(); });

  const admin = (method: string, path: string, body?: unknown) =>
    h.request(method, `/api/admin${path}`, { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body });
  const eventsOf = async (id: string) => (await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, id)).orderBy(asc(webhookEvents.id)))
    .map((e) => ({ type: e.eventType, destination: e.destination, data: (JSON.parse(e.body) as { data: Record<string, unknown> }).data }));
  const rowOf = async (id: string) => (await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, id)))[0]!;

  it('needs the admin token', async () => {
    expect((await h.request('GET', '/api/admin/company-verifications')).status).toBe(401);
    expect((await h.request('POST', '/api/admin/company-verifications/x/review', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('lists verifications with status filter, flags and pagination', async () => {
    const a = await submittedCompany(h.ctx, { apiKeyId: live.id });
    await insertCompany(h.ctx, { apiKeyId: live.id });
    const all = await admin('GET', '/company-verifications');
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 2, page: 1 });
    const submitted = await admin('GET', '/company-verifications?status=submitted');
    expect(submitted.body.data).toHaveLength(1);
    expect(submitted.body.data[0]).toMatchObject({
      id: a.id, verificationId: a.publicId, status: 'submitted', statusCode: 2003, keyId: live.id, mode: 'live',
      legalName: 'Acme Ltd', countryOfRegistration: 'NGA', reviewFlags: ['owner_details_missing', 'liveness_failed'], provisioningReady: true,
    });
    expect((await admin('GET', '/company-verifications?status=done')).status).toBe(400);
    const page2 = await admin('GET', '/company-verifications?limit=1&page=2');
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.meta).toMatchObject({ total: 2, totalPages: 2 });
    const one = await admin('GET', `/company-verifications/${a.publicId}`);
    expect(one.body.data).toMatchObject({ id: a.id, status: 'submitted', mode: 'live', campaignVersion: 1 });
    expect((await admin('GET', '/company-verifications/cv_nope')).status).toBe(404);
  });

  it('reviews then decides a live verification, emitting under_review and successful with the full payload', async () => {
    const c = await submittedCompany(h.ctx, { apiKeyId: live.id, vendorData: 'live-1' });
    const review = await admin('POST', `/company-verifications/${c.publicId}/review`);
    expect(review.status).toBe(200);
    expect(review.body.data).toMatchObject({ id: c.id, status: 'under review', statusCode: 2004 });
    expect((await admin('POST', `/company-verifications/${c.id}/review`)).body).toMatchObject({ status: false, code: 400, error: { code: 'invalid_transition', status: 'under review' } });
    expect((await admin('POST', `/company-verifications/${c.id}/decide`, { decision: 'maybe' })).status).toBe(400);
    const decided = await admin('POST', `/company-verifications/${c.id}/decide`, { decision: 'successful', reason: 'All documents match the registry' });
    expect(decided.body.data).toMatchObject({ status: 'successful', statusCode: 2060 });
    expect((await admin('POST', `/company-verifications/${c.id}/decide`, { decision: 'failed' })).status).toBe(400);

    const row = await rowOf(c.id);
    expect(row).toMatchObject({ status: 'successful', reason: 'All documents match the registry' });
    expect(row.decidedAt).not.toBeNull();
    expect(row.auditTrail.slice(-2).map((e) => [e.action, e.actor, e.from, e.to])).toEqual([
      ['under_review', 'operator', 'submitted', 'under review'], ['decided', 'operator', 'under review', 'successful'],
    ]);
    const events = await eventsOf(c.id);
    expect(events.map((e) => [e.type, e.destination])).toEqual([
      ['company_verification.liveness_completed', 'events'], ['company_verification.submitted', 'events'],
      ['company_verification.under_review', 'events'], ['company_verification.successful', 'decision'],
    ]);
    const underReview = companyPayloadSchema.strict().parse(events[2]!.data);
    expect(underReview).toMatchObject({ status: 'under review', vendorData: 'live-1', review: { pendingInternalReview: true } });
    const success = companyPayloadSchema.strict().parse(events[3]!.data);
    expect(success).toMatchObject({ status: 'successful', reason: 'All documents match the registry', review: { pendingInternalReview: false } });
    expect(success.companyProfile).toEqual(companyPayloadSchema.parse(events[1]!.data).companyProfile);
  });

  it('decides straight from submitted, and refuses moves of unsubmitted verifications', async () => {
    const c = await submittedCompany(h.ctx, { apiKeyId: live.id });
    for (const body of [{ decision: 'failed' }, { decision: 'failed', reason: ' \n ' }]) {
      const refused = await admin('POST', `/company-verifications/${c.id}/decide`, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        status: false, code: 400, message: 'A failed decision needs a reason: say why in "reason"',
        error: { issues: [{ path: 'reason', message: 'a reason is required for failed' }] },
      });
    }
    expect((await rowOf(c.id)).status).toBe('submitted');
    const failed = await admin('POST', `/company-verifications/${c.id}/decide`, { decision: 'failed', reason: 'Registry mismatch' });
    expect(failed.body.data).toMatchObject({ status: 'failed', statusCode: 4004 });
    const [last] = (await eventsOf(c.id)).slice(-1);
    expect(last).toMatchObject({ type: 'company_verification.failed', destination: 'decision', data: { status: 'failed', reason: 'Registry mismatch' } });

    const open = await insertCompany(h.ctx, { apiKeyId: live.id });
    for (const [path, body] of [['review', undefined], ['decide', { decision: 'successful' }]] as const) {
      const res = await admin('POST', `/company-verifications/${open.id}/${path}`, body);
      expect(res.body).toMatchObject({ status: false, code: 400, error: { code: 'invalid_transition', status: 'not started' } });
    }
    expect((await admin('POST', '/company-verifications/nope/review')).status).toBe(404);
    expect(await eventsOf(open.id)).toEqual([]);
  });
});
