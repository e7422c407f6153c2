import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyRecordSchema } from '../../../contract/company';
import { campaigns, companyVerifications } from '../../db/schema';
import { createHarness, type Harness } from '../../testing/harness';

const DAY = 24 * 60 * 60 * 1000;
const LINK = /^http:\/\/idv\.test\/company\?processId=([0-9a-f]{32})&hostedToken=([A-Za-z0-9_-]{32,})$/;

describe('customer API v1: company verifications', () => {
  let h: Harness;
  let key: string;
  let other: string;
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.createKey({ eventsUrl: 'https://hooks.example/events' })).apiKey;
    other = (await h.createKey()).apiKey;
  });
  afterAll(async () => { await h.close(); });

  const create = async (body: unknown = {}, k = key) => {
    const res = await h.request('POST', '/api/v1/company-verifications', { key: k, body });
    expect(res.status).toBe(200);
    const [, processId, token] = LINK.exec(res.body.data.link)!;
    return { ...res.body.data, processId: processId!, token: token! };
  };
  const row = async (id: string) => (await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, id)))[0]!;

  it.each([
    ['POST', '/api/v1/company-verifications'], ['GET', '/api/v1/company-verifications'], ['GET', '/api/v1/company-verifications/cv_x'],
  ])('%s %s needs a valid key', async (method, path) => {
    expect((await h.request(method, path, method === 'POST' ? { body: {} } : {})).status).toBe(401);
    const wrong = await h.request(method, path, { key: 'sk_test_wrongwrongwrongwrongwrongwrong', ...(method === 'POST' ? { body: {} } : {}) });
    expect(wrong.body).toEqual({ status: false, message: 'Unauthorized', error: null, data: null, code: 401 });
  });

  it('creates with the default campaign and returns the spec fields', async () => {
    const res = await h.request('POST', '/api/v1/company-verifications', { key, body: { vendorData: 'acme', meta: { t: 1 }, redirect: 'https://shop.example/done' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Created company verification', code: 200 });
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(['campaignId', 'campaignVersion', 'expiresAt', 'link', 'verificationId']);
    expect(d.link).toMatch(LINK);
    expect(d.verificationId).toMatch(/^cv_[0-9a-f]{32}$/);
    expect(d).toMatchObject({ campaignId: 'default', campaignVersion: 1 });
    expect(d.expiresAt).toBe(new Date(h.clock.now().getTime() + 30 * DAY).toISOString());
    const [, processId] = LINK.exec(d.link)!;
    const r = await row(processId!);
    expect(r).toMatchObject({ publicId: d.verificationId, status: 'not started', statusCode: 1001, vendorData: 'acme', redirect: 'https://shop.example/done', campaignVersion: 1 });
  });

  it('stores only a digest of the hosted token', async () => {
    const c = await create();
    const r = await row(c.processId);
    expect(Buffer.from(c.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(r.hostedTokenDigest).toBe(h.ctx.secrets.digest(c.token));
    expect(JSON.stringify(r)).not.toContain(c.token);
    expect(c.processId).not.toBe(c.verificationId);
  });

  it('answers 400 for an unknown or unpublished campaign and for bad bodies', async () => {
    const unknown = await h.request('POST', '/api/v1/company-verifications', { key, body: { campaignId: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: false, message: 'Campaign not found or not published', code: 400 });
    expect(unknown.body.error.issues[0].path).toBe('campaignId');
    const now = h.clock.now();
    await h.ctx.db.insert(campaigns).values({ id: 'draft-only', name: 'Draft', publishedVersion: null, createdAt: now, updatedAt: now });
    expect((await h.request('POST', '/api/v1/company-verifications', { key, body: { campaignId: 'draft-only' } })).status).toBe(400);
    for (const body of [{ campaignId: 5 }, { campaignId: '' }, { vendorData: 'x'.repeat(1001) }, { meta: 'str' }]) {
      const res = await h.request('POST', '/api/v1/company-verifications', { key, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid request payload');
    }
    const ignored = await h.request('POST', '/api/v1/company-verifications', { key, body: { campaignId: 'default', extra: true } });
    expect(ignored.status).toBe(200);
  });

  it('lists records with every field of the company record, most recently updated first', async () => {
    const h2 = await h.createKey({ eventsUrl: 'https://hooks.example/e2' });
    const a = await create({ vendorData: 'a' }, h2.apiKey);
    h.clock.advance(1000);
    const b = await create({ vendorData: 'b', redirect: 'https://x.example/' }, h2.apiKey);
    const res = await h.request('GET', '/api/v1/company-verifications', { key: h2.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Fetched company verifications', code: 200 });
    expect(res.body.meta).toEqual({ total: 2, page: 1, limit: 10, totalPages: 1 });
    expect(res.body.data.map((r: { verificationId: string }) => r.verificationId)).toEqual([b.verificationId, a.verificationId]);
    const rec = companyRecordSchema.strict().parse(res.body.data[0]);
    for (const field of Object.keys(companyRecordSchema.shape)) expect(rec, field).toHaveProperty(field);
    expect(rec).toMatchObject({
      id: b.processId, verificationId: b.verificationId, externalId: b.verificationId, status: 'not started', statusCode: 1001,
      reason: '', vendorData: 'b', campaignId: 'default', campaignVersion: 1, webhookUrl: 'https://hooks.example/e2',
      businessProfile: { companyName: '', countryOfRegistration: '', contact: {} }, uploadedDocuments: [], customQuestionAnswers: [],
    });
    expect(rec.auditTrail[0]).toMatchObject({ action: 'created', actor: 'customer' });
    expect(res.body.data[1]).not.toHaveProperty('redirect');
    // Scoped: the other keys see none of these.
    const foreign = await h.request('GET', '/api/v1/company-verifications?limit=100', { key: other });
    expect(foreign.body.data.map((r: { vendorData: string }) => r.vendorData)).not.toContain('b');
  });

  it('maps the hosted draft into the record blocks', async () => {
    const c = await create();
    await h.ctx.db.update(companyVerifications).set({
      draft: {
        business: { legalName: 'Acme Ltd', countryOfRegistration: 'NGA', registrationNumber: 'RC1' },
        contact: { generalEmail: 'info@acme.example', city: 'Lagos' },
        representative: { firstName: 'Ada', lastName: 'Obi', email: 'ada@acme.example' },
        officers: { items: [{ firstName: 'Bo', lastName: 'Li', role: 'Director' }] },
        ownership: { owners: [{ firstName: 'Ada', lastName: 'Obi', share: 60 }] },
        questions: { answers: { q1: 'yes', q2: ['a', 'b'] } },
        documents: { files: [{ id: 'd1', kind: 'registration' }] },
      },
      uploadedDocuments: [{ id: 'd1', kind: 'registration', key: `companies/${c.processId}/d1.pdf` }],
      progress: { currentStep: 3 },
    }).where(eq(companyVerifications.id, c.processId));
    const res = await h.request('GET', `/api/v1/company-verifications/${c.verificationId}`, { key });
    const rec = res.body.data;
    expect(rec.businessProfile).toMatchObject({
      legalName: 'Acme Ltd', companyName: 'Acme Ltd', countryOfRegistration: 'NGA', registrationNumber: 'RC1',
      contact: { generalEmail: 'info@acme.example', city: 'Lagos' },
    });
    expect(rec.representativeProfile).toMatchObject({ firstName: 'Ada', fullName: 'Ada Obi' });
    expect(rec.ownershipProfile.owners[0].share).toBe(60);
    expect(rec.additionalInformation.officers).toEqual([{ firstName: 'Bo', lastName: 'Li', role: 'Director' }]);
    expect(rec.customQuestionAnswers).toEqual([{ questionId: 'q1', answer: 'yes' }, { questionId: 'q2', answer: ['a', 'b'] }]);
    expect(rec.documents).toEqual({ files: [{ id: 'd1', kind: 'registration' }] });
    expect(rec.uploadedDocuments[0].url).toMatch(new RegExp(`^http://idv\\.test/api/media/companies/${c.processId}/d1\\.pdf\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    expect(rec.progress).toEqual({ currentStep: 3 });
  });

  it('fetches one by public or internal id, scoped to the key', async () => {
    const c = await create({ vendorData: 'single' });
    for (const id of [c.verificationId, c.processId]) {
      const res = await h.request('GET', `/api/v1/company-verifications/${id}`, { key });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Fetched Single company verification');
      expect(res.body.data).toMatchObject({ id: c.processId, verificationId: c.verificationId, vendorData: 'single' });
    }
    const foreign = await h.request('GET', `/api/v1/company-verifications/${c.verificationId}`, { key: other });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Verification not found or has been deleted');
    await h.ctx.db.update(companyVerifications).set({ deletedAt: h.clock.now() }).where(eq(companyVerifications.id, c.processId));
    expect((await h.request('GET', `/api/v1/company-verifications/${c.verificationId}`, { key })).status).toBe(400);
  });

  it('pages, filters by status and validates the query', async () => {
    const k = await h.createKey();
    for (let i = 0; i < 3; i++) { await create({ vendorData: `p${i}` }, k.apiKey); h.clock.advance(10); }
    const res = await h.request('GET', '/api/v1/company-verifications?page=2&limit=2', { key: k.apiKey });
    expect(res.body.meta).toEqual({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(res.body.data.map((r: { vendorData: string }) => r.vendorData)).toEqual(['p0']);
    const past = await h.request('GET', '/api/v1/company-verifications?page=5&limit=2', { key: k.apiKey });
    expect(past.body).toMatchObject({ data: [], meta: { total: 3, page: 5, limit: 2, totalPages: 2 } });
    const filtered = await h.request('GET', '/api/v1/company-verifications?status=submitted', { key: k.apiKey });
    expect(filtered.body.meta.total).toBe(0);
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=x', 'status=cancelled']) {
      const bad = await h.request('GET', `/api/v1/company-verifications?${q}`, { key: k.apiKey });
      expect(bad.status, q).toBe(400);
      expect(bad.body.message).toBe('Invalid query parameters');
    }
  });

  it('has no company cancel or delete (not in the spec)', async () => {
    const c = await create();
    expect((await h.request('PATCH', `/api/v1/company-verifications/${c.verificationId}/cancel`, { key })).status).toBe(404);
    expect((await h.request('DELETE', `/api/v1/company-verifications/${c.verificationId}`, { key })).status).toBe(404);
  });
});
