import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../contract/envelope';
import { createApp } from '../app';
import type { Db } from '../db/types';
import { companyDocumentMedia } from '../company/document-media';
import { addDocument, removeDocument } from '../company/documents';
import { parseCompanyDocumentKey } from '../company/files';
import { storedDocuments } from '../company/form-values';
import { findCompany } from '../company/store';
import { insertCompany, minimalPdf, photo } from '../company/company.testkit';
import { createMediaSigner } from './signed-url';
import { createHarness, type Harness } from '../testing/harness';
import { mediaRoutes, sniffContentType } from './media.routes';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
const PDF = Buffer.from('%PDF-1.7\n%\xff\xff\n1 0 obj', 'latin1');

describe('GET /api/media/*', () => {
  let h: Harness;
  let app: Hono;
  beforeAll(async () => {
    h = await createHarness();
    // Mounted as the lead mounts it in app.ts: app.route('/api', mediaRoutes(ctx, companyDocumentMedia(ctx))).
    app = new Hono().route('/api', mediaRoutes(h.ctx, companyDocumentMedia(h.ctx)));
    app.notFound((c) => c.text('unrouted', 404));
    await h.ctx.storage.put('verifications/v1/selfie.jpg', JPEG);
    await h.ctx.storage.put('exports/e1/doc 1.pdf', PDF);
  });
  afterAll(async () => { await h.close(); });

  const signer = () => createMediaSigner(h.ctx);
  const fetchUrl = (url: string) => app.request(url.replace('http://idv.test', ''));

  it('serves an image inline with a sniffed type and no caching', async () => {
    const res = await fetchUrl(signer().url('verifications/v1/selfie.jpg'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('serves anything else as an attachment', async () => {
    const res = await fetchUrl(signer().url('exports/e1/doc 1.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="doc_1.pdf"');
  });

  it('serves company documents only as downloads under their stored name, images included, while they are listed', async () => {
    const { id: keyId } = await h.createKey();
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    const row = async () => (await findCompany(h.ctx.db, c.id))!;
    const pdf = await addDocument(h.ctx, await row(), 'business_registration', minimalPdf(), encodeURIComponent('Certificat d’immatriculation.pdf'));
    const jpg = await addDocument(h.ctx, await row(), 'proof_of_address', await photo(300, 200), 'bill.png');
    if (!pdf.ok || !jpg.ok) throw new Error('upload failed');
    const docs = storedDocuments(await row());
    expect(docs.map((d) => parseCompanyDocumentKey(d.key))).toEqual([
      { companyId: c.id, documentId: pdf.document.id }, { companyId: c.id, documentId: jpg.document.id },
    ]);
    const expected = [
      ['application/pdf', `attachment; filename="Certificat d_immatriculation.pdf"; filename*=UTF-8''Certificat%20d%E2%80%99immatriculation.pdf`],
      ['image/jpeg', `attachment; filename="bill.jpg"; filename*=UTF-8''bill.jpg`],
    ] as const;
    for (const [i, [type, disposition]] of expected.entries()) {
      const res = await fetchUrl(signer().url(docs[i]!.key));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toBe(disposition);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await res.arrayBuffer()).equals((await h.ctx.storage.get(docs[i]!.key))!)).toBe(true);
    }
    // Removed from the verification: its link, though validly signed, answers 404.
    const url = signer().url(docs[0]!.key);
    expect((await removeDocument(h.ctx, c.id, 'business_registration', pdf.document.id)).ok).toBe(true);
    const gone = await fetchUrl(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ status: false, code: 404 });
  });

  it("keeps a representative's liveness selfie under the company inline, like any selfie", async () => {
    await h.ctx.storage.put('company/c1/liveness-v1.jpg', JPEG);
    const res = await fetchUrl(signer().url('company/c1/liveness-v1.jpg'));
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('answers the 404 envelope for a tampered, expired, unsigned or unknown link', async () => {
    const good = signer().url('verifications/v1/selfie.jpg');
    const sig = new URL(good).searchParams.get('sig')!;
    const cases = [
      good.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('a') ? 'sig=b' : 'sig=a')),
      good.replace('selfie.jpg', 'other.jpg'),
      good.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 10}`),
      good.split('?')[0]!,
      `/api/media/verifications/v1/selfie.jpg?exp=99999999999&sig=${sig}`,
      signer().url('verifications/v1/missing.jpg'),
      // A validly signed key that escapes the media root (the URL parser would resolve a
      // literal `..`, so the slash is encoded): the storage refuses it, the route says 404.
      `/api/media/..%2Fsecret?${new URL(signer().url('../secret')).search.slice(1)}`,
      '/api/media/%E0%A4%A?exp=1&sig=x',
    ];
    for (const url of cases) {
      const res = await fetchUrl(url);
      expect(res.status, url).toBe(404);
      expect(await res.json(), url).toMatchObject({ status: false, code: 404 });
    }
    h.clock.advance(h.ctx.settings.mediaUrlTtlSeconds * 1000);
    expect((await fetchUrl(good)).status).toBe(404);
  });

  it('lets a database error while looking up a company document reach the error handler (503, not 404)', async () => {
    // A database in the middle of a restart, as in http/unhandled-error.test.ts: every use fails with 57P01.
    const lost = () => new DrizzleQueryError('select * from company_verifications where id = $1', ['c1'],
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    const restartingDb = new Proxy({}, { get: () => { throw lost(); } }) as Db;
    const real = createApp({ ...h.ctx, db: restartingDb });
    const res = await real.request(signer().url('company/c1/doc_0123abcd.pdf').replace('http://idv.test', ''));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(errorEnvelopeSchema.parse(await res.json())).toMatchObject({ code: 503, error: { code: 'database_unavailable' } });
  });

  it('sniffs the content type from magic bytes', () => {
    expect(sniffContentType(JPEG)).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(PDF)).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('application/octet-stream');
  });
});
