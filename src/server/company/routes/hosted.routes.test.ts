import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyPayloadSchema } from '../../../contract/events';
import { companyVerifications, verifications, webhookEvents } from '../../db/schema';
import { storedDocuments } from '../form-values';
import { completeDraft, insertCompany, minimalPdf, photo } from '../company.testkit';
import { mediaRoot } from '../../media/storage';
import { createHarness, type Harness } from '../../testing/harness';
import { testVerificationId } from '../../testing/test-ids';

describe('hosted company API', () => {
  let h: Harness;
  let keyId: string;
  let apiKey: string;
  beforeAll(async () => {
    h = await createHarness();
    // Allows a picked selfie: these tests drive liveness through …/liveness/selfie (not_live).
    ({ id: keyId, apiKey } = await h.createKey({ branding: { name: 'Shop', accentColor: '#112233' }, selfieUpload: true }));
  });
  afterAll(async () => { await h.close(); });

  const client = (c: { id: string; token: string }) => (method: string, path = '', opts: { token?: string | null; body?: unknown; raw?: Buffer | string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const token = opts.token === undefined ? c.token : opts.token;
    if (token !== null) headers['x-hosted-token'] = token;
    return h.request(method, `/api/v1/hosted/company-verifications/${c.id}${path}`, { headers, body: opts.body, raw: typeof opts.raw === 'string' ? opts.raw : opts.raw && new Uint8Array(opts.raw) });
  };
  const rowOf = async (id: string) => (await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, id)))[0]!;
  const eventsOf = async (id: string) => (await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, id)).orderBy(asc(webhookEvents.id)))
    .map((e) => ({ type: e.eventType, destination: e.destination, body: JSON.parse(e.body) as { event: string; data: Record<string, unknown> } }));
  /** File names under DATA_DIR/media/company/<id>, sorted. */
  const storedFiles = (id: string) => {
    const dir = join(mediaRoot(h.ctx.settings.dataDir), 'company', id);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const fileNames = (keys: string[]) => keys.map((k) => k.split('/').pop()!).sort();
  /** Runs `meanwhile` right after the next media write, before the request records it. */
  const afterNextPut = (meanwhile: () => Promise<void>) => {
    const put = h.ctx.storage.put.bind(h.ctx.storage);
    return vi.spyOn(h.ctx.storage, 'put').mockImplementationOnce(async (key, bytes) => {
      await put(key, bytes);
      await meanwhile();
    });
  };
  /** As the web app does: Start on the welcome screen (consent), then every section. */
  const saveAll = async (api: ReturnType<typeof client>, draft: Record<string, unknown> = completeDraft) => {
    expect((await api('PATCH', '/draft', { body: { consent: true, currentStep: 0 } })).status).toBe(200);
    for (const [section, data] of Object.entries(draft)) expect((await api('PATCH', '/draft', { body: { section, data } })).status).toBe(200);
  };
  const adminPublish = async (id: string, definition: Record<string, unknown>) => {
    const admin = { authorization: `Bearer ${h.ctx.adminToken}` };
    expect((await h.request('POST', '/api/admin/campaigns', { headers: admin, body: { id, name: id, definition } })).status).toBe(200);
    expect((await h.request('POST', `/api/admin/campaigns/${id}/publish`, { headers: admin })).status).toBe(200);
  };

  it('refuses a missing or wrong token and an unknown id, changing nothing', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    const before = await rowOf(c.id);
    for (const token of [null, '', 'wrong-token', `${c.token}x`]) {
      for (const [method, path, body] of [['GET', ''], ['PATCH', '/draft', { section: 'business', data: { legalName: 'X' } }], ['POST', '/submit'], ['POST', '/liveness']] as const) {
        const res = await api(method, path, { token, body });
        expect(res.status, `${method} ${path} ${token}`).toBe(401);
        expect(res.body).toMatchObject({ status: false, code: 401, data: null, error: { code: 'invalid_token' } });
      }
    }
    expect(await rowOf(c.id)).toEqual(before);
    const unknown = await client({ id: 'f'.repeat(32), token: c.token })('GET');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });

  it('returns what the form needs: campaign, empty draft, progress, branding', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const res = await client(c)('GET');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processId: c.id, verificationId: c.publicId, status: 'not started', statusCode: 1001, phase: 'form', closedReason: null,
      campaign: { id: 'default', version: 1, definition: { ownershipThreshold: 25, livenessRequired: true } },
      draft: {}, documents: [], progress: { currentStep: 0, completedSteps: [], submittedAt: null, consentedAt: null },
      livenessStatus: 'not_started', livenessVerificationId: null, redirect: null, testMode: true,
      branding: { name: 'Shop', accentColor: '#112233', logoUrl: null, privacyPolicyUrl: null },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('autosaves: first save starts, sections resume on another device, rapid saves coalesce in the audit trail', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    const first = await api('PATCH', '/draft', { body: { section: 'business', data: { legalName: 'Ac' }, currentStep: 0 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'started', statusCode: 2002, progress: { currentStep: 0, completedSteps: [] } });
    h.clock.advance(5_000);
    await api('PATCH', '/draft', { body: { section: 'business', data: completeDraft.business } });
    const step = await api('PATCH', '/draft', { body: { currentStep: 2 } });
    expect(step.body.data.progress).toEqual({ currentStep: 2, completedSteps: ['business'], submittedAt: null, consentedAt: null });
    h.clock.advance(61_000);
    await api('PATCH', '/draft', { body: { section: 'business', data: { ...completeDraft.business, industry: 'retail' } } });

    // "Another device": a fresh GET with the same link.
    const resumed = await api('GET');
    expect(resumed.body.data).toMatchObject({ status: 'started', progress: { currentStep: 2, completedSteps: ['business'] } });
    expect(resumed.body.data.draft.business).toEqual({ ...completeDraft.business, industry: 'retail' });

    const trail = (await rowOf(c.id)).auditTrail.map((e) => [e.action, e.section ?? null, e.count ?? 1]);
    expect(trail).toEqual([
      ['created', null, 1], ['started', null, 1], ['draft_saved', 'business', 2], ['step_changed', null, 1], ['draft_saved', 'business', 1],
    ]);
    expect(await eventsOf(c.id)).toEqual([]);
  });

  it('refuses malformed saves with paths, unknown sections and steps beyond the campaign', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    const bad = await api('PATCH', '/draft', { body: { section: 'business', data: { legalName: 42, website: 'x'.repeat(501) } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_body' });
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['business.legalName', 'business.website']);
    expect((await api('PATCH', '/draft', { body: { section: 'questions', data: { answers: {} } } })).body.error.code).toBe('unknown_section');
    expect((await api('PATCH', '/draft', { body: { section: 'nope', data: {} } })).status).toBe(400);
    expect((await api('PATCH', '/draft', { body: { currentStep: 8 } })).status).toBe(400);
    expect((await api('PATCH', '/draft', { body: {} })).status).toBe(400);
    expect((await api('PATCH', '/draft', { raw: '{nope', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await rowOf(c.id)).status).toBe('not started');
  });

  it('takes documents: PDF kept as is, images re-encoded, fakes and executables refused, several files up to maxFiles', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    const pdf = minimalPdf();
    const up = await api('PUT', '/documents/business_registration', { raw: pdf, headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('../../Cert d’incorporation<script>.exe.pdf') } });
    expect(up.status).toBe(200);
    const doc = up.body.data;
    expect(doc).toMatchObject({ kind: 'business_registration', contentType: 'application/pdf', size: pdf.length, uploadedAt: h.clock.now().toISOString() });
    expect(doc.fileName).toBe('Cert d’incorporation_script_.exe.pdf');
    expect(doc).not.toHaveProperty('key');
    expect((await rowOf(c.id)).status).toBe('started');

    const fakePdf = await api('PUT', '/documents/business_registration', { raw: Buffer.from('%PDF-1.7 but really a text file'), headers: { 'content-type': 'application/pdf' } });
    expect(fakePdf.status).toBe(400);
    expect(fakePdf.body.error.code).toBe('invalid_media');
    const exe = await api('PUT', '/documents/business_registration', { raw: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)]), headers: { 'x-file-name': 'report.pdf' } });
    expect(exe.status).toBe(415);
    expect(exe.body.error.code).toBe('unsupported_media_type');
    expect((await api('PUT', '/documents/passport_scan', { raw: pdf })).body.error.code).toBe('unknown_document_kind');
    expect((await api('PUT', '/documents/proof_of_address', { raw: Buffer.alloc(0) })).status).toBe(400);
    expect((await api('PUT', '/documents/proof_of_address', { raw: Buffer.alloc(10 * 1024 * 1024 + 1, 1) })).status).toBe(413);

    const png = await api('PUT', '/documents/proof_of_address', { raw: await photo(300, 200, 'png'), headers: { 'x-file-name': 'bill.png' } });
    expect(png.body.data).toMatchObject({ contentType: 'image/jpeg', fileName: 'bill.jpg' });
    await api('PUT', '/documents/business_registration', { raw: pdf });
    await api('PUT', '/documents/business_registration', { raw: pdf });
    const fourth = await api('PUT', '/documents/business_registration', { raw: pdf });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.code).toBe('too_many_files');

    const got = await api('GET', `/documents/${doc.id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="Cert d_incorporation_script_.exe.pdf"; filename\*=UTF-8''Cert%20d%E2%80%99incorporation_script_.exe.pdf$/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect((await api('GET', `/documents/${doc.id}`, { token: 'nope' })).status).toBe(401);
    expect((await api('GET', '/documents/doc_missing')).status).toBe(404);

    const session = await api('GET');
    expect(session.body.data.documents).toHaveLength(4);
    expect(session.body.data.progress.completedSteps).toContain('documents');
    expect((await api('DELETE', `/documents/proof_of_address/${doc.id}`)).status).toBe(404);
    const removedKey = storedDocuments(await rowOf(c.id)).find((d) => d.id === doc.id)!.key;
    expect(storedFiles(c.id)).toHaveLength(4);
    expect((await api('DELETE', `/documents/business_registration/${doc.id}`)).status).toBe(200);
    const after = await api('GET');
    expect(after.body.data.documents.map((d: { id: string }) => d.id)).not.toContain(doc.id);
    // Its file is gone; the three others stay.
    expect(await h.ctx.storage.get(removedKey)).toBeNull();
    expect(storedFiles(c.id)).toEqual(fileNames(storedDocuments(await rowOf(c.id)).map((d) => d.key)));
    expect(storedFiles(c.id)).toHaveLength(3);
    expect((await api('GET', `/documents/${doc.id}`)).status).toBe(404);
    expect((await rowOf(c.id)).auditTrail.map((e) => e.action)).toEqual(expect.arrayContaining(['document_uploaded', 'document_removed']));
  });

  it('serves a stored document byte for byte', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const pdf = minimalPdf();
    const up = await client(c)('PUT', '/documents/proof_of_address', { raw: pdf });
    const res = await h.app.fetch(new Request(`http://idv.test/api/v1/hosted/company-verifications/${c.id}/documents/${up.body.data.id}`, { headers: { 'x-hosted-token': c.token } }));
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('leaves no file for a document refused under the lock (another upload took the last place meanwhile)', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    for (let i = 0; i < 2; i++) expect((await api('PUT', '/documents/business_registration', { raw: minimalPdf() })).status).toBe(200);
    let racer = 0;
    const spy = afterNextPut(async () => {
      racer = (await api('PUT', '/documents/business_registration', { raw: minimalPdf() })).status;
    });
    try {
      const late = await api('PUT', '/documents/business_registration', { raw: minimalPdf() });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('too_many_files');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    expect(racer).toBe(200);
    const keys = storedDocuments(await rowOf(c.id)).map((d) => d.key);
    expect(keys).toHaveLength(3);
    expect(storedFiles(c.id)).toEqual(fileNames(keys));
  });

  it('leaves no file for a liveness selfie refused under the lock, keeping the recorded one', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    const vid = testVerificationId((await api('POST', '/liveness')).body.data.livenessVerificationId);
    let racer = 0;
    const spy = afterNextPut(async () => {
      racer = (await api('POST', '/liveness/selfie', { raw: await photo() })).status;
    });
    try {
      const late = await api('POST', '/liveness/selfie', { raw: await photo() });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('liveness_completed');
    } finally {
      spy.mockRestore();
    }
    expect(racer).toBe(200);
    const [linked] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, vid));
    const selfie = linked!.media.selfie!;
    expect(selfie).toMatch(new RegExp(`^company/${c.id}/liveness-${vid}-selfie-[0-9a-f]{16}\\.jpg$`));
    expect(storedFiles(c.id)).toEqual(fileNames([selfie]));
    expect(await h.ctx.storage.get(selfie)).not.toBeNull();
  });

  it('runs representative liveness on a linked individual verification and emits liveness_completed', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId, vendorData: 'co-42' });
    const api = client(c);
    expect((await api('POST', '/liveness/selfie', { raw: await photo() })).body.error.code).toBe('liveness_not_started');
    const start = await api('POST', '/liveness');
    expect(start.status).toBe(200);
    const vid = testVerificationId(start.body.data.livenessVerificationId);
    expect(start.body.data.livenessStatus).toBe('pending');
    expect((await api('POST', '/liveness')).body.data.livenessVerificationId).toBe(vid);
    const [linked] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, vid));
    expect(linked).toMatchObject({ companyVerificationId: c.id, apiKeyId: keyId, vendorData: 'co-42', status: 'started' });

    expect((await api('POST', '/liveness/selfie', { raw: await photo(100, 100) })).status).toBe(400);
    expect((await api('POST', '/liveness/selfie', { raw: minimalPdf() })).status).toBe(415);
    const done = await api('POST', '/liveness/selfie', { raw: await photo() });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ livenessVerificationId: vid, livenessStatus: 'not_live', completedAt: h.clock.now().toISOString() });
    expect((await api('POST', '/liveness/selfie', { raw: await photo() })).body.error.code).toBe('liveness_completed');

    const row = await rowOf(c.id);
    expect(row.authorityProfile).toMatchObject({ livenessStatus: 'not_live', livenessVerificationId: vid, completedAt: h.clock.now().toISOString() });
    const [after] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, vid));
    expect(after!.status).toBe('completed');
    expect(await h.ctx.storage.get(after!.media.selfie!)).not.toBeNull();
    const events = await eventsOf(c.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'company_verification.liveness_completed', destination: 'events',
      body: { event: 'company_verification.liveness_completed', data: {
        companyVerificationId: c.id, verificationId: c.publicId, externalId: c.publicId, vendorData: 'co-42',
        status: 'started', livenessStatus: 'not_live', livenessVerificationId: vid,
      } },
    });
    expect((await api('GET')).body.data).toMatchObject({ livenessStatus: 'not_live', livenessVerificationId: vid });
  });

  it('refuses an incomplete submit with field errors as i18n keys, and ownership over 100 %', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    await api('PATCH', '/draft', { body: { section: 'business', data: { legalName: 'Acme', countryOfRegistration: 'NGA' } } });
    const res = await api('POST', '/submit');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_form');
    const issues = Object.fromEntries(res.body.error.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({
      'business.businessBvn': 'errors.required', 'business.registrationNumber': 'errors.required', 'contact.generalEmail': 'errors.required',
      'representative.isAuthorised': 'errors.authorised', 'documents.business_registration': 'errors.documentRequired',
      'liveness.status': 'errors.livenessRequired',
    });
    await api('PATCH', '/draft', { body: { section: 'ownership', data: { owners: [{ firstName: 'A', lastName: 'B', share: 70 }, { firstName: 'C', lastName: 'D', share: 31 }] } } });
    const over = await api('POST', '/submit');
    expect(over.body.error.issues).toContainEqual({ path: 'ownership.owners', message: 'errors.ownershipTotal' });
    expect((await rowOf(c.id)).status).toBe('started');
    expect(await eventsOf(c.id)).toEqual([]);
  });

  it('submits a complete form: status, progress, analysis, the submitted event with the spec payload; then refuses changes', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId, vendorData: 'co-7' });
    const api = client(c);
    await saveAll(api);
    await api('PUT', '/documents/business_registration', { raw: minimalPdf() });
    await api('PUT', '/documents/proof_of_address', { raw: await photo(300, 200) });
    await api('POST', '/liveness');
    await api('POST', '/liveness/selfie', { raw: await photo() });
    h.clock.advance(1000);
    const res = await api('POST', '/submit');
    expect(res.status).toBe(200);
    const at = h.clock.now().toISOString();
    expect(res.body.data).toEqual({ status: 'submitted', statusCode: 2003, submittedAt: at, verificationId: c.publicId, redirect: null });

    const row = await rowOf(c.id);
    expect(row.progress).toMatchObject({ submittedAt: at, currentStep: 7, consentedAt: expect.any(String) });
    expect(row.progress.completedSteps).toEqual(['business', 'contact', 'representative', 'officers', 'ownership', 'documents', 'liveness', 'review']);
    expect(row.analysis).toMatchObject({
      status: 'completed', reviewFlags: ['owner_details_missing', 'liveness_failed'], provisioning: { ready: true, pendingFields: [] }, ownershipTotal: 100,
    });
    expect(row.auditTrail.at(-1)).toMatchObject({ action: 'submitted', from: 'started', to: 'submitted' });

    const events = await eventsOf(c.id);
    expect(events.map((e) => e.type)).toEqual(['company_verification.liveness_completed', 'company_verification.submitted']);
    const payload = companyPayloadSchema.strict().parse(events[1]!.body.data);
    expect(payload).toMatchObject({
      companyVerificationId: c.id, verificationId: c.publicId, externalId: c.publicId, vendorData: 'co-7', status: 'submitted',
      reason: '', submittedAt: at, campaignId: 'default', campaignVersion: 1,
      review: { source: 'hosted_flow', analysisStatus: 'completed', pendingInternalReview: true, reviewFlags: ['owner_details_missing', 'liveness_failed'] },
    });
    expect(payload.companyProfile.business).toMatchObject({ legalName: 'Acme Ltd', businessBvn: '22212345678', website: 'https://acme.example' });
    expect(payload.companyProfile.contact).toEqual({
      emails: { general: 'hello@acme.example', representative: 'ada@acme.example' },
      phoneNumbers: { general: '+2348031234567', representative: '+2348031234568' },
      addresses: { registered: { addressLine1: '1 Marina Rd', city: 'Lagos', state: 'Lagos', country: 'NGA', fullAddress: '1 Marina Rd, Lagos, Lagos, NGA' } },
    });
    expect(payload.companyProfile.authorisedRepresentative).toMatchObject({ fullName: 'Ada Obi', isAuthorised: 'true' });
    expect(payload.companyProfile.officers).toEqual([{ firstName: 'Ada', lastName: 'Obi', fullName: 'Ada Obi', role: 'director', email: 'ada@acme.example' }]);
    expect(payload.companyProfile.ownership.threshold).toBe(25);
    expect(payload.companyProfile.ownership.beneficialOwners).toHaveLength(2);

    const session = await api('GET');
    expect(session.body.data).toMatchObject({ status: 'submitted', phase: 'submitted', progress: { submittedAt: at } });
    expect(Object.keys(session.body.data.draft).sort()).toEqual(['business', 'contact', 'officers', 'ownership', 'representative']);

    // The customer's record shows every section.
    const list = await h.request('GET', '/api/v1/company-verifications', { key: apiKey });
    const record = list.body.data.find((r: { id: string }) => r.id === c.id);
    expect(record).toMatchObject({
      status: 'submitted', statusCode: 2003, vendorData: 'co-7', campaignId: 'default', campaignVersion: 1,
      businessProfile: { legalName: 'Acme Ltd', companyName: 'Acme Ltd', countryOfRegistration: 'NGA', contact: { generalEmail: 'hello@acme.example' } },
      representativeProfile: { fullName: 'Ada Obi', isAuthorised: true },
      ownershipProfile: { owners: [{ share: 60 }, { share: 40 }] },
      authorityProfile: { livenessStatus: 'not_live' },
      additionalInformation: { officers: [{ role: 'director' }], liveness: { status: 'not_live' } },
      analysis: { status: 'completed' },
      progress: { submittedAt: at },
    });
    expect(record.documents.files.map((f: { kind: string }) => f.kind)).toEqual(['business_registration', 'proof_of_address']);
    expect(record.uploadedDocuments).toHaveLength(2);
    // Derived from the form at submit (not read from the documents), normalised.
    expect(record.extractedProfile).toEqual({
      source: 'form', derivedAt: at,
      business: { legalName: 'Acme Ltd', registrationNumber: 'RC123456', countryOfRegistration: 'NGA', website: 'https://acme.example' },
      contact: { email: 'hello@acme.example', phone: '+2348031234567', country: 'NGA' },
      representative: { fullName: 'Ada Obi', email: 'ada@acme.example', phone: '+2348031234568', idIssuingCountry: 'NGA' },
      officers: { count: 1 },
      ownership: { totalPercent: 100, owners: 2 },
      documents: { total: 2, byKind: { business_registration: { count: 1, contentTypes: ['application/pdf'] }, proof_of_address: { count: 1, contentTypes: ['image/jpeg'] } } },
    });
    // Each document's `key` is a relative storage key (no file-system path), its `url` a signed media link.
    for (const d of record.uploadedDocuments as { key: string; url: string }[]) {
      expect(d.key).toMatch(new RegExp(`^company/${c.id}/doc_[0-9a-f]{24}\\.(pdf|jpg)$`));
      expect(d.url).toMatch(/^http:\/\/[^/]+\/api\/media\/company\/.+\?exp=\d+&sig=[0-9a-f]{64}$/);
    }
    for (const [method, path, opts] of [
      ['PATCH', '/draft', { body: { section: 'business', data: {} } }], ['POST', '/submit', {}],
      ['PUT', '/documents/proof_of_address', { raw: minimalPdf() }], ['POST', '/liveness', {}],
    ] as const) {
      const r = await api(method, path, opts);
      expect(r.status, `${method} ${path}`).toBe(409);
      expect(r.body.error.code).toBe('already_submitted');
    }
  });

  it('follows a custom campaign: its steps, custom questions and allowed countries', async () => {
    const definition = {
      steps: ['business', 'questions', 'review'], livenessRequired: false, allowedCountries: ['GHA'],
      questions: [
        { id: 'volume', label: 'Monthly volume', type: 'single_choice', required: true, options: [{ value: 'low', label: 'Low' }, { value: 'high', label: 'High' }] },
        { id: 'founded', label: 'Founded', type: 'date' },
      ],
    };
    await adminPublish('ghana', definition);
    const c = await insertCompany(h.ctx, { apiKeyId: keyId, campaignId: 'ghana' });
    const api = client(c);
    await api('PATCH', '/draft', { body: { consent: true } });
    expect((await api('GET')).body.data.campaign).toMatchObject({ id: 'ghana', version: 1, definition: { steps: ['business', 'questions', 'review'] } });
    expect((await api('PATCH', '/draft', { body: { section: 'contact', data: {} } })).body.error.code).toBe('unknown_section');
    expect((await api('POST', '/liveness')).body.error.code).toBe('liveness_not_needed');
    await api('PATCH', '/draft', { body: { section: 'business', data: { ...completeDraft.business, businessBvn: '' } } });
    await api('PATCH', '/draft', { body: { section: 'questions', data: { answers: { volume: 'medium', founded: '2019-13-01' } } } });
    const refused = await api('POST', '/submit');
    expect(refused.body.error.issues).toEqual(expect.arrayContaining([
      { path: 'business.countryOfRegistration', message: 'errors.countryNotAllowed' },
      { path: 'questions.answers.volume', message: 'errors.choice' },
      { path: 'questions.answers.founded', message: 'errors.date' },
    ]));
    await api('PATCH', '/draft', { body: { section: 'business', data: { ...completeDraft.business, countryOfRegistration: 'GHA', businessBvn: '' } } });
    await api('PATCH', '/draft', { body: { section: 'questions', data: { answers: { volume: 'high', founded: '2019-12-01' } }, currentStep: 2 } });
    const ok = await api('POST', '/submit');
    expect(ok.status).toBe(200);
    const row = await rowOf(c.id);
    expect(row.analysis).toMatchObject({ reviewFlags: [], provisioning: { ready: true, pendingFields: [] } });
    expect(row.progress.completedSteps).toEqual(['business', 'questions', 'review']);
    const list = await h.request('GET', '/api/v1/company-verifications', { key: apiKey });
    expect(list.body.data.find((r: { id: string }) => r.id === c.id).customQuestionAnswers).toEqual(expect.arrayContaining([
      expect.objectContaining({ answer: 'high' }), expect.objectContaining({ answer: '2019-12-01' }),
    ]));
  });

  it('records consent once, from the first save that carries it, and refuses a submit without it', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    await saveAll(api, {});
    const consentedAt = h.clock.now().toISOString();
    expect((await api('GET')).body.data.progress).toMatchObject({ currentStep: 0, consentedAt });
    h.clock.advance(5_000);
    expect((await api('PATCH', '/draft', { body: { consent: true } })).body.data.progress.consentedAt).toBe(consentedAt);
    expect((await api('PATCH', '/draft', { body: { consent: false } })).status).toBe(400);
    const trail = (await rowOf(c.id)).auditTrail.map((e) => [e.action, e.actor]);
    expect(trail).toEqual([['created', 'customer'], ['started', 'representative'], ['consented', 'representative'], ['step_changed', 'representative']]);

    // Everything filled, but no consent on record (another client skipped the welcome screen).
    const other = await insertCompany(h.ctx, { apiKeyId: keyId });
    const skip = client(other);
    for (const [section, data] of Object.entries(completeDraft)) await skip('PATCH', '/draft', { body: { section, data } });
    await skip('PUT', '/documents/business_registration', { raw: minimalPdf() });
    await skip('PUT', '/documents/proof_of_address', { raw: minimalPdf() });
    await skip('POST', '/liveness');
    await skip('POST', '/liveness/selfie', { raw: await photo() });
    const refused = await skip('POST', '/submit');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: false, code: 409, data: null, error: { code: 'consent_required' } });
    expect((await rowOf(other.id)).status).toBe('started');
    await skip('PATCH', '/draft', { body: { consent: true } });
    expect((await skip('POST', '/submit')).status).toBe(200);
    expect((await rowOf(other.id)).auditTrail.map((e) => e.action)).toEqual(expect.arrayContaining(['consented', 'submitted']));
  });

  it('asks a UK company no BVN under a campaign listing businessBvn, a Nigerian one always; review resumes past the last section', async () => {
    await adminPublish('bvn-listed', {
      steps: ['business'], livenessRequired: false,
      requiredFields: { business: ['legalName', 'countryOfRegistration', 'businessBvn'] },
    });
    const uk = await insertCompany(h.ctx, { apiKeyId: keyId, campaignId: 'bvn-listed' });
    const api = client(uk);
    await saveAll(api, { business: { legalName: 'Acme UK Ltd', registrationNumber: 'SC123', countryOfRegistration: 'GBR', businessBvn: '12ab' } });
    // No review step in the campaign: the review screen is index 1, one past the last section.
    expect((await api('PATCH', '/draft', { body: { currentStep: 2 } })).status).toBe(400);
    expect((await api('PATCH', '/draft', { body: { currentStep: 1 } })).status).toBe(200);
    expect((await api('GET')).body.data.progress.currentStep).toBe(1);
    expect((await api('POST', '/submit')).status).toBe(200);
    const row = await rowOf(uk.id);
    expect(row.draft.business).toEqual({ legalName: 'Acme UK Ltd', registrationNumber: 'SC123', countryOfRegistration: 'GBR' });
    expect(row.progress).toMatchObject({ currentStep: 1, completedSteps: ['business'] });
    expect(row.analysis).toMatchObject({ missingFields: expect.not.arrayContaining(['business.businessBvn']), provisioning: { ready: true } });

    const ng = client(await insertCompany(h.ctx, { apiKeyId: keyId, campaignId: 'bvn-listed' }));
    await saveAll(ng, { business: { legalName: 'Acme NG Ltd', countryOfRegistration: 'NGA' } });
    const refused = await ng('POST', '/submit');
    expect(refused.body.error).toMatchObject({ code: 'invalid_form', issues: [{ path: 'business.businessBvn', message: 'errors.required' }] });
    await ng('PATCH', '/draft', { body: { section: 'business', data: { legalName: 'Acme NG Ltd', countryOfRegistration: 'NGA', businessBvn: '22212345678' } } });
    expect((await ng('POST', '/submit')).status).toBe(200);
  });

  it('caps autosave bodies', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const big = JSON.stringify({ section: 'business', data: { description: 'x'.repeat(300 * 1024) } });
    expect((await client(c)('PATCH', '/draft', { raw: big, headers: { 'content-type': 'application/json' } })).status).toBe(413);
  });

  it('refuses changes once the link has expired', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const api = client(c);
    await api('PATCH', '/draft', { body: { section: 'business', data: { legalName: 'A' } } });
    h.clock.advance(31 * 24 * 3600 * 1000);
    const res = await api('PATCH', '/draft', { body: { section: 'business', data: { legalName: 'B' } } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('expired');
    expect((await api('GET')).body.data).toMatchObject({ phase: 'closed', closedReason: 'expired' });
    expect((await rowOf(c.id)).draft).toEqual({ business: { legalName: 'A' } });
  });
});
