import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_MAX_BYTES, VENDOR_DATA_MAX } from '../../../contract/common';
import { individualRecordSchema } from '../../../contract/individual';
import { apiKeys, verifications } from '../../db/schema';
import { createHarness, type Harness } from '../../testing/harness';
import { testVerificationId } from '../../testing/test-ids';

const DAY = 24 * 60 * 60 * 1000;

describe('customer API v1: individual create, fetch, auth', () => {
  let h: Harness;
  let key: string;
  let other: string;
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.createKey()).apiKey;
    other = (await h.createKey()).apiKey;
  });
  afterAll(async () => { await h.close(); });

  const create = async (body: unknown = {}, k = key) => {
    const res = await h.request('POST', '/api/v1/verifications', { key: k, body });
    expect(res.status).toBe(200);
    return testVerificationId(res.body.data.verificationId);
  };

  describe('authentication', () => {
    const endpoints: [string, string][] = [
      ['POST', '/api/v1/verifications'], ['GET', '/api/v1/verifications'], ['GET', '/api/v1/verifications/abc'],
      ['PATCH', '/api/v1/verifications/abc/cancel'], ['DELETE', '/api/v1/verifications/abc'],
    ];
    it.each(endpoints)('%s %s without a key answers the 401 envelope', async (method, path) => {
      const res = await h.request(method, path, method === 'POST' ? { body: {} } : {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: false, message: 'Unauthorized', error: null, data: null, code: 401 });
    });

    it('refuses a wrong key and a revoked key like a missing one', async () => {
      const wrong = await h.request('GET', '/api/v1/verifications', { key: `${key.slice(0, -4)}AAAA` });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Unauthorized');
      const k = await h.createKey();
      expect((await h.request('GET', '/api/v1/verifications', { key: k.apiKey })).status).toBe(200);
      await h.ctx.db.update(apiKeys).set({ revokedAt: h.clock.now() }).where(eq(apiKeys.id, k.id));
      h.ctx.keyCache.invalidate();
      const revoked = await h.request('GET', '/api/v1/verifications', { key: k.apiKey });
      expect(revoked.status).toBe(401);
      expect(revoked.body).toMatchObject({ status: false, message: 'Unauthorized', code: 401 });
    });

    it('does not guard the hosted API with x-api-key', async () => {
      const res = await h.request('GET', '/api/v1/hosted/verifications/0123456789abcdef0123456789abcdef');
      expect(res.status).not.toBe(401);
    });
  });

  describe('POST /v1/verifications', () => {
    it('creates a not-started session with a hosted link and a 7-day expiry', async () => {
      const res = await h.request('POST', '/api/v1/verifications', { key, body: { vendorData: 'user-1', meta: { plan: 'gold' } } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, message: 'Created verification', code: 200 });
      const d = res.body.data;
      expect(d.verificationId).toMatch(/^[0-9a-f]{32}$/);
      expect(d.link).toBe(`http://idv.test/?processId=${d.verificationId}`);
      expect(d).toMatchObject({ status: 'not started', statusCode: 1001 });
      expect(d.expiresAt).toBe(new Date(h.clock.now().getTime() + 7 * DAY).toISOString());
      const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, d.verificationId));
      expect(row).toMatchObject({ vendorData: 'user-1', userMeta: { plan: 'gold' }, verificationMethod: 'auto', status: 'not started' });
    });

    it('marks live-key sessions for manual review', async () => {
      const live = await h.createKey({ mode: 'live' });
      const id = await create({}, live.apiKey);
      const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
      expect(row?.verificationMethod).toBe('manual');
    });

    it('accepts an empty body and ignores unknown fields', async () => {
      const empty = await h.request('POST', '/api/v1/verifications', { key, raw: '' });
      expect(empty.status).toBe(200);
      const id = await create({ vendorData: 'v', surprise: 1, nested: { a: 1 } });
      const got = await h.request('GET', `/api/v1/verifications/${id}`, { key });
      expect(got.body.data.vendorData).toBe('v');
      expect(got.body.data).not.toHaveProperty('surprise');
    });

    it.each([
      ['vendorData of the wrong type', { vendorData: 42 }, 'vendorData'],
      ['vendorData too long', { vendorData: 'x'.repeat(VENDOR_DATA_MAX + 1) }, 'vendorData'],
      ['meta not an object', { meta: ['a'] }, 'meta'],
      ['meta too big', { meta: { blob: 'x'.repeat(META_MAX_BYTES) } }, 'meta'],
      ['redirect not http(s)', { redirect: 'javascript:alert(1)' }, 'redirect'],
    ])('answers 400 with issues for %s', async (_name, body, path) => {
      const res = await h.request('POST', '/api/v1/verifications', { key, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: false, message: 'Invalid request payload', code: 400, data: null });
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    });

    it('accepts vendorData at its limit', async () => {
      const id = await create({ vendorData: 'x'.repeat(VENDOR_DATA_MAX) });
      expect(id).toMatch(/^[0-9a-f]{32}$/);
    });

    it('answers 400 for malformed JSON and for a non-object body', async () => {
      const bad = await h.request('POST', '/api/v1/verifications', { key, raw: '{"vendorData":', headers: { 'content-type': 'application/json' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues[0].message).toBe('body is not valid JSON');
      const arr = await h.request('POST', '/api/v1/verifications', { key, body: [1, 2] });
      expect(arr.status).toBe(400);
    });

    it('makes unguessable, distinct ids (128 random bits, hex)', async () => {
      const ids = await Promise.all(Array.from({ length: 20 }, () => create()));
      expect(new Set(ids).size).toBe(20);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
      // Every hex digit position varies across 20 ids: no fixed prefix, counter or timestamp.
      const varying = [...Array(32).keys()].filter((i) => new Set(ids.map((id) => id[i])).size > 1);
      expect(varying.length).toBeGreaterThan(28);
    });
  });

  describe('GET /v1/verifications/{id}', () => {
    it('returns the full record with empty media blocks before capture', async () => {
      const id = await create({ vendorData: 'abc', meta: { a: 1 } });
      const res = await h.request('GET', `/api/v1/verifications/${id}`, { key });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Fetched Single verifications');
      const rec = individualRecordSchema.parse(res.body.data);
      expect(rec).toMatchObject({
        id, status: 'not started', statusCode: 1001, reason: '', vendorData: 'abc', userMeta: { a: 1 },
        verificationMethod: 'auto', selfie: { key: '', url: '' },
        doc: { type: '', name: '', issuingState: '', key: { front: '', back: '' }, url: { front: '', back: '' } },
        decision: null, link: `http://idv.test/?processId=${id}`,
      });
      expect(rec.docInfo).toEqual({
        docType: '', docNumber: '', issueDate: '', expiryDate: '', issuingState: '',
        firstName: '', lastName: '', middleName: '', dob: '', sex: '',
      });
      expect(rec.createdAt).toBe(h.clock.now().toISOString());
    });

    it('shows captured media as signed URLs and the document name', async () => {
      const id = await create();
      await h.ctx.db.update(verifications).set({
        docType: 'NATIONAL_ID', issuingState: 'NGA',
        media: { selfie: `verifications/${id}/selfie.jpg`, front: `verifications/${id}/front.jpg`, back: `verifications/${id}/back.jpg` },
        docInfo: { docType: 'NATIONAL_ID', docNumber: 'A123', firstName: 'Ada', lastName: 'Obi', dob: '1990-02-03', sex: 'F', extra: 'dropped' },
      }).where(eq(verifications.id, id));
      const rec = (await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data;
      expect(rec.doc).toMatchObject({ type: 'NATIONAL_ID', name: 'National ID card', issuingState: 'NGA' });
      expect(rec.doc.key).toEqual({ front: `verifications/${id}/front.jpg`, back: `verifications/${id}/back.jpg` });
      const exp = Math.floor(h.clock.now().getTime() / 1000) + h.ctx.settings.mediaUrlTtlSeconds;
      expect(rec.selfie.url).toMatch(new RegExp(`^http://idv\\.test/api/media/verifications/${id}/selfie\\.jpg\\?exp=${exp}&sig=[0-9a-f]{64}$`));
      expect(rec.doc.url.front).toContain('/front.jpg?exp=');
      expect(rec.doc.url.back).toContain('/back.jpg?exp=');
      expect(rec.docInfo).toMatchObject({ docNumber: 'A123', firstName: 'Ada', middleName: '', issueDate: '', sex: 'F' });
      expect(rec.docInfo).not.toHaveProperty('extra');
    });

    it("answers 400 for an unknown id, another key's record and a deleted one", async () => {
      const id = await create();
      const notFound = { status: false, message: 'Verification not found or has been deleted', code: 400, data: null };
      expect((await h.request('GET', '/api/v1/verifications/ffffffffffffffffffffffffffffffff', { key })).body).toMatchObject(notFound);
      const foreign = await h.request('GET', `/api/v1/verifications/${id}`, { key: other });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject(notFound);
      await h.request('DELETE', `/api/v1/verifications/${id}`, { key });
      const gone = await h.request('GET', `/api/v1/verifications/${id}`, { key });
      expect(gone.status).toBe(400);
      expect(gone.body).toMatchObject(notFound);
      expect((await h.request('GET', `/api/v1/verifications/${'a'.repeat(300)}`, { key })).status).toBe(400);
    });
  });
});
