import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideCompany } from '../company/review';
import { submittedCompany } from '../company/company.testkit';
import { captureAll, createSession, eventsOf, hostedPath } from '../individual/routes/hosted.testkit';
import { createHarness, type Harness } from '../testing/harness';

// Redaction keeps a skeleton the customer's records still reconcile with (ids, vendorData,
// status, times, redactedAt), erases media and personal data, scrubs stored webhook bodies and
// sends a redacted event. A case in progress is refused; another key's case is unknown.
let h: Harness;
let key: { id: string; apiKey: string };

beforeAll(async () => {
  h = await createHarness();
  key = await h.createKey();
});
afterAll(async () => { await h.close(); });

const redact = (path: string, apiKey = key.apiKey) => h.request('POST', `/api/v1/${path}/redact`, { key: apiKey });

describe('redaction', () => {
  it('an individual session: skeleton kept, media and personal data gone, events scrubbed, a redacted event', async () => {
    const id = await createSession(h, key.apiKey, { vendorData: 'user-77', userMeta: { email: 'ana@example.com' } });
    await captureAll(h, id, 'NATIONAL_ID', 'NGA');
    const inProgress = await redact(`verifications/${id}`);
    expect(inProgress.status).toBe(409);
    expect(inProgress.body).toMatchObject({ status: false, code: 409, error: { code: 'not_final', status: 'started' } });
    expect((await h.request('POST', hostedPath(id, '/submit'))).status).toBe(200);
    await expect.poll(async () => (await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data.status).toBe('successful');
    const before = (await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data;
    const files = [before.selfie.key, before.doc.key.front, before.doc.key.back, ...before.liveness.evidence.map((e: { key: string }) => e.key)];
    expect(JSON.stringify(await eventsOf(h, id))).toContain('NGA');

    expect((await redact(`verifications/${id}`, (await h.createKey()).apiKey)).status).toBe(400);
    const res = await redact(`verifications/${id}`);
    expect(res.status).toBe(200);
    const skeleton = res.body.data;
    expect(skeleton).toMatchObject({
      id, vendorData: 'user-77', status: 'successful', statusCode: 2010, createdAt: before.createdAt, userMeta: {}, reason: '',
      selfie: { key: '', url: '' }, doc: { type: '', issuingState: '', key: { front: '', back: '' } }, liveness: { status: 'not_performed', evidence: [] },
      redactedAt: h.clock.now().toISOString(), mediaErasedAt: h.clock.now().toISOString(),
    });
    expect(Object.values(skeleton.docInfo).every((v) => v === '')).toBe(true);
    for (const f of files) expect(await h.ctx.storage.get(f)).toBeNull();

    const events = await eventsOf(h, id);
    expect(events.at(-1)).toMatchObject({ type: 'verification.redacted', destination: 'events', data: { verificationId: id, vendorData: 'user-77', status: 'successful', redactedAt: skeleton.redactedAt } });
    expect(JSON.stringify(events)).not.toMatch(/NGA|ana@example|docInfo|"url"|"key"/);

    // Repeating answers the same skeleton and sends nothing new; fetch and list agree.
    expect((await redact(`verifications/${id}`)).body.data).toEqual(skeleton);
    expect((await eventsOf(h, id)).filter((e) => e.type === 'verification.redacted')).toHaveLength(1);
    expect((await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data).toEqual(skeleton);
  });

  it('a company: form, documents and representative liveness gone; trail without details; a redacted event', async () => {
    const c = await submittedCompany(h.ctx, { apiKeyId: key.id, vendorData: 'merchant-1' });
    expect((await redact(`company-verifications/${c.publicId}`)).body.error).toMatchObject({ code: 'not_final', status: 'submitted' });
    await decideCompany(h.ctx, c.id, { decision: 'failed', reason: 'director Chidi Eze not found' }, { actor: 'operator' });
    const before = (await h.request('GET', `/api/v1/company-verifications/${c.publicId}`, { key: key.apiKey })).body.data;
    const docKeys = (await h.ctx.db.query.companyVerifications.findFirst({ where: (t, { eq }) => eq(t.id, c.id) }))!.uploadedDocuments.map((d) => (d as { key: string }).key);
    expect(docKeys).toHaveLength(2);
    const livenessId = before.authorityProfile.livenessVerificationId as string;

    const res = await redact(`company-verifications/${c.publicId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      verificationId: c.publicId, vendorData: 'merchant-1', status: 'failed', reason: '', uploadedDocuments: [],
      businessProfile: { companyName: '' }, representativeProfile: { fullName: '' }, authorityProfile: {}, redactedAt: h.clock.now().toISOString(),
    });
    expect(JSON.stringify(res.body.data)).not.toMatch(/Chidi|Harbour|B7654321/);
    expect(res.body.data.auditTrail.map((e: { action: string }) => e.action)).toContain('decided');
    for (const k of docKeys) expect(await h.ctx.storage.get(k)).toBeNull();
    const rep = await h.request('GET', `/api/v1/verifications/${livenessId}`, { key: key.apiKey });
    expect(rep.body.data).toMatchObject({ selfie: { key: '' }, redactedAt: expect.any(String) });
    const events = await eventsOf(h, c.id);
    expect(events.at(-1)).toMatchObject({ type: 'company_verification.redacted', data: { verificationId: c.publicId, status: 'failed' } });
    expect(JSON.stringify(events)).not.toMatch(/Chidi|Harbour/);
  });
});
