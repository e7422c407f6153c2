import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications, webhookEvents } from '../db/schema';
import { asMember, signedInMember, type SignedIn } from '../dashboard/dashboard.testkit';
import { submittedCompany } from '../company/company.testkit';
import { createHarness, type Harness } from '../testing/harness';
import { testVerificationId } from '../testing/test-ids';

// A specialist's decline reason may name the person; it is copied into the organisation's
// audit log (the case's member log and the Activity page) and into stored webhook bodies.
// Redaction erases every copy; the entries themselves (who did what, when) stay.
let h: Harness;
let key: { id: string; apiKey: string };
let reviewer: SignedIn;
let owner: SignedIn;
const REASON = 'Ana Diaz, born 1990-01-02, passport X1234567 is on a list';

beforeAll(async () => {
  h = await createHarness();
  key = await h.createKey({ name: 'live', mode: 'live', eventsUrl: 'http://127.0.0.1:9/e', decisionUrl: 'http://127.0.0.1:9/d' });
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  owner = await signedInMember(h, 'boss@acme.test', 'owner');
});
afterAll(async () => { await h.close(); });

async function storedBodies(subjectId: string) {
  return (await h.ctx.db.select({ body: webhookEvents.body }).from(webhookEvents).where(eq(webhookEvents.subjectId, subjectId))).map((e) => e.body).join('\n');
}

describe('redaction erases the decline reason everywhere it was copied', () => {
  it('an individual case: member log, Activity page and webhook bodies', async () => {
    const id = testVerificationId((await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: { vendorData: 'ana' } })).body.data.verificationId);
    await h.ctx.db.update(verifications).set({ status: 'completed', statusCode: 2001, decision: 'review', verificationMethod: 'manual', submittedAt: h.clock.now() }).where(eq(verifications.id, id));
    expect((await asMember(h, reviewer, 'POST', `/verifications/individual/${id}/decide`, { decision: 'failed', reason: REASON })).status).toBe(200);
    expect(JSON.stringify((await asMember(h, owner, 'GET', '/audit')).body)).toContain('X1234567');
    expect(await storedBodies(id)).toContain('X1234567');

    expect((await h.request('POST', `/api/v1/verifications/${id}/redact`, { key: key.apiKey })).status).toBe(200);
    const activity = (await asMember(h, owner, 'GET', '/audit')).body.data;
    expect(JSON.stringify(activity)).not.toMatch(/X1234567|Ana Diaz/);
    expect(activity).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'verification.declined', subjectId: id, actorEmail: 'rev@acme.test' })]));
    const view = await asMember(h, reviewer, 'GET', `/verifications/individual/${id}`);
    expect(view.body.data.audit.map((a: { action: string }) => a.action)).toContain('verification.declined');
    expect(JSON.stringify(view.body)).not.toMatch(/X1234567|Ana Diaz/);
    expect(await storedBodies(id)).not.toMatch(/X1234567|Ana Diaz/);
  });

  it('a company case: member log and Activity page', async () => {
    const c = await submittedCompany(h.ctx, { apiKeyId: key.id, vendorData: 'acme-co' });
    expect((await asMember(h, reviewer, 'POST', `/verifications/company/${c.publicId}/decide`, { decision: 'failed', reason: REASON })).status).toBe(200);
    expect((await h.request('POST', `/api/v1/company-verifications/${c.publicId}/redact`, { key: key.apiKey })).status).toBe(200);
    expect(JSON.stringify((await asMember(h, owner, 'GET', '/audit')).body)).not.toMatch(/X1234567|Ana Diaz/);
    expect(JSON.stringify((await asMember(h, reviewer, 'GET', `/verifications/company/${c.publicId}`)).body)).not.toMatch(/X1234567|Ana Diaz/);
    expect(await storedBodies(c.id)).not.toMatch(/X1234567|Ana Diaz/);
  });
});
