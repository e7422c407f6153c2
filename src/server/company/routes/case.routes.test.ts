import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submittedCompany } from '../company.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { asMember, signedInMember, type SignedIn } from '../../dashboard/dashboard.testkit';

// A company case in the dashboard: the record with its documents and the representative's
// liveness, and a reviewer's decision recorded in the trail, the audit log and the webhook.
let h: Harness;
let reviewer: SignedIn;
let developer: SignedIn;
let other: SignedIn;
let publicId: string;

beforeAll(async () => {
  h = await createHarness();
  const org = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Globex' } })).body.data;
  const key = await h.createKey({ name: 'acme live', mode: 'live', eventsUrl: 'http://127.0.0.1:9/e', decisionUrl: 'http://127.0.0.1:9/d' });
  const c = await submittedCompany(h.ctx, { apiKeyId: key.id, vendorData: 'acme-co' });
  publicId = c.publicId;
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  developer = await signedInMember(h, 'dev@acme.test', 'developer');
  other = await signedInMember(h, 'rev@globex.test', 'reviewer', org.id);
});
afterAll(async () => { await h.close(); });

describe('dashboard company case', () => {
  it('shows the record with signed document URLs and the representative liveness', async () => {
    const res = await asMember(h, reviewer, 'GET', `/verifications/company/${publicId}`);
    expect(res.status).toBe(200);
    const { record, liveness, mode } = res.body.data;
    expect(mode).toBe('live');
    expect(record).toMatchObject({ verificationId: publicId, status: 'submitted', vendorData: 'acme-co' });
    expect(record.uploadedDocuments).toHaveLength(2);
    for (const d of record.uploadedDocuments) expect(d.url).toMatch(/^http.*\/media\//);
    const pdf = await h.request('GET', new URL(record.uploadedDocuments[0].url).pathname + new URL(record.uploadedDocuments[0].url).search);
    expect(pdf.status).toBe(200);
    expect(liveness).toMatchObject({ selfie: { url: expect.stringMatching(/\/media\//) } });
  });

  it('is invisible to another organisation and refused to a developer', async () => {
    expect((await asMember(h, other, 'GET', `/verifications/company/${publicId}`)).status).toBe(404);
    expect((await asMember(h, other, 'POST', `/verifications/company/${publicId}/decide`, { decision: 'successful' })).status).toBe(404);
    expect((await asMember(h, developer, 'POST', `/verifications/company/${publicId}/decide`, { decision: 'successful' })).body.error.code).toBe('forbidden');
  });

  it('refuses a decline without a reason and a resubmission, then approves; audited in the trail and the log', async () => {
    expect((await asMember(h, reviewer, 'POST', `/verifications/company/${publicId}/decide`, { decision: 'failed' })).status).toBe(400);
    expect((await asMember(h, reviewer, 'POST', `/verifications/company/${publicId}/decide`, { decision: 'resubmit', reason: 'x' })).body.error.code).toBe('resubmit_not_available');
    expect((await asMember(h, reviewer, 'POST', `/verifications/company/${publicId}/review`)).body.data.record.status).toBe('under review');
    const decided = await asMember(h, reviewer, 'POST', `/verifications/company/${publicId}/decide`, { decision: 'successful' });
    expect(decided.status).toBe(200);
    expect(decided.body.data.record.status).toBe('successful');
    expect(decided.body.data.record.auditTrail.at(-1)).toMatchObject({ action: 'decided', actor: 'member', detail: { memberEmail: 'rev@acme.test' } });
    expect(decided.body.data.audit.map((a: { action: string }) => a.action)).toEqual(['company.approved', 'company.review_started']);
    expect(decided.body.data.deliveries.map((d: { event: string }) => d.event)).toContain('company_verification.successful');
    expect((await asMember(h, reviewer, 'POST', `/verifications/company/${publicId}/decide`, { decision: 'failed', reason: 'late' })).status).toBe(409);
  });
});
