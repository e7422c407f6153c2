import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRecordSchema } from '../../../contract/company';
import { companyPayloadSchema } from '../../../contract/events';
import { webhookEvents } from '../../db/schema';
import { insertCompany, submittedCompany } from '../company.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { testHelperCompanyRoutes } from './test-helpers.routes';

describe('customer test helpers for company verifications', () => {
  let h: Harness;
  let test: { id: string; apiKey: string };
  let other: { id: string; apiKey: string };
  let live: { id: string; apiKey: string };
  beforeAll(async () => {
    h = await createHarness();
    // Harmless if app.ts already mounts it: the first matching route answers.
    h.app.route('/api/v1/test', testHelperCompanyRoutes(h.ctx));
    test = await h.createKey({ mode: 'test' });
    other = await h.createKey({ mode: 'test' });
    live = await h.createKey({ mode: 'live' });
  });
  afterAll(async () => { await h.close(); });

  const types = async (id: string) => (await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, id)).orderBy(asc(webhookEvents.id)))
    .map((e) => ({ type: e.eventType, destination: e.destination, data: (JSON.parse(e.body) as { data: Record<string, unknown> }).data }));

  it('moves a test verification to under review then successful with the same events as the operator', async () => {
    const c = await submittedCompany(h.ctx, { apiKeyId: test.id });
    const review = await h.request('POST', `/api/v1/test/company-verifications/${c.publicId}/review`, { key: test.apiKey });
    expect(review.status).toBe(200);
    expect(companyRecordSchema.parse(review.body.data)).toMatchObject({ id: c.id, status: 'under review', statusCode: 2004 });
    const decide = await h.request('POST', `/api/v1/test/company-verifications/${c.id}/decide`, { key: test.apiKey, body: { decision: 'successful' } });
    expect(decide.body.data).toMatchObject({ status: 'successful', statusCode: 2060, reason: '' });
    expect(decide.body.data.auditTrail.at(-1)).toMatchObject({ action: 'decided', actor: 'customer', to: 'successful' });
    const events = await types(c.id);
    expect(events.slice(2).map((e) => [e.type, e.destination])).toEqual([
      ['company_verification.under_review', 'events'], ['company_verification.successful', 'decision'],
    ]);
    expect(companyPayloadSchema.strict().parse(events[3]!.data).status).toBe('successful');
  });

  it('refuses live keys, other keys, missing keys and invalid moves', async () => {
    const mine = await submittedCompany(h.ctx, { apiKeyId: test.id });
    expect((await h.request('POST', `/api/v1/test/company-verifications/${mine.id}/review`)).status).toBe(401);
    const liveRes = await h.request('POST', `/api/v1/test/company-verifications/${mine.id}/review`, { key: live.apiKey });
    expect(liveRes.body).toMatchObject({ status: false, code: 400, error: { code: 'test_key_required' } });
    const liveOwn = await submittedCompany(h.ctx, { apiKeyId: live.id });
    expect((await h.request('POST', `/api/v1/test/company-verifications/${liveOwn.id}/decide`, { key: live.apiKey, body: { decision: 'successful' } })).status).toBe(400);
    const foreign = await h.request('POST', `/api/v1/test/company-verifications/${mine.id}/review`, { key: other.apiKey });
    expect(foreign.body).toMatchObject({ status: false, code: 400, message: 'Verification not found or has been deleted' });
    const open = await insertCompany(h.ctx, { apiKeyId: test.id });
    const early = await h.request('POST', `/api/v1/test/company-verifications/${open.id}/decide`, { key: test.apiKey, body: { decision: 'failed', reason: 'x' } });
    expect(early.body).toMatchObject({ status: false, code: 400, error: { code: 'invalid_transition', status: 'not started' } });
    expect((await h.request('POST', `/api/v1/test/company-verifications/${mine.id}/decide`, { key: test.apiKey, body: { decision: 'approved' } })).status).toBe(400);
    expect(await types(open.id)).toEqual([]);
    expect((await types(mine.id)).map((e) => e.type)).toEqual(['company_verification.liveness_completed', 'company_verification.submitted']);
  });

  it('fails a test verification with a reason sent to the decision URL, and refuses failed without one', async () => {
    const c = await submittedCompany(h.ctx, { apiKeyId: test.id, vendorData: 't-9' });
    for (const body of [{ decision: 'failed' }, { decision: 'failed', reason: '' }, { decision: 'failed', reason: '   ' }]) {
      const refused = await h.request('POST', `/api/v1/test/company-verifications/${c.id}/decide`, { key: test.apiKey, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({
        status: false, code: 400, data: null, message: 'A failed decision needs a reason: say why in "reason"',
        error: { issues: [{ path: 'reason', message: 'a reason is required for failed' }] },
      });
    }
    expect((await types(c.id)).map((e) => e.type)).toEqual(['company_verification.liveness_completed', 'company_verification.submitted']);
    const res = await h.request('POST', `/api/v1/test/company-verifications/${c.id}/decide`, { key: test.apiKey, body: { decision: 'failed', reason: 'Test rejection' } });
    expect(res.body.data).toMatchObject({ status: 'failed', statusCode: 4004, reason: 'Test rejection' });
    const last = (await types(c.id)).at(-1)!;
    expect(last).toMatchObject({ type: 'company_verification.failed', destination: 'decision', data: { status: 'failed', reason: 'Test rejection', vendorData: 't-9' } });
  });
});
