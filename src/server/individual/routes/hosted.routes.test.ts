import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { successEnvelopeSchema } from '../../../contract/envelope';
import { hostedSessionSchema, MEDIA_MAX_BYTES } from '../../../contract/hosted-individual';
import { INDIVIDUAL_SESSION_TTL_MS } from '../../../contract/statuses';
import { verifications } from '../../db/schema';
import { settleDecisions } from '../decision';
import { createMediaSigner } from '../../media/signed-url';
import { mediaRoot } from '../../media/storage';
import { createHarness, type Harness } from '../../testing/harness';
import { captureAll, cardBackJpeg, cardJpeg, createSession, eventsOf, hostedPath, jpeg, upload, expectHostedError } from './hosted.testkit';
import type { VerificationId } from '../../../contract/ids';

let h: Harness;
let testKey: string;

beforeAll(async () => {
  h = await createHarness();
  // Allows a picked selfie: the upload mechanics below use PUT media/selfie (the camera path is in hosted-liveness.routes.test.ts).
  testKey = (await h.createKey({ name: 'Acme test', selfieUpload: true })).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const sessionEnvelope = successEnvelopeSchema(hostedSessionSchema);
const get = (id: string) => h.request('GET', hostedPath(id));
const start = (id: string) => h.request('POST', hostedPath(id, '/start'));
const chooseDoc = (id: string, body: unknown) => h.request('PUT', hostedPath(id, '/document'), { body });
const submit = (id: string) => h.request('POST', hostedPath(id, '/submit'));
const rowOf = async (id: VerificationId) => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!;
/** File names under DATA_DIR/media/verifications/<id>, sorted (the folder appears with the first upload). */
function storedFiles(id: string): string[] {
  const dir = join(mediaRoot(h.ctx.settings.dataDir), 'verifications', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
/** A signed media link, fetched through the whole app. */
const fetchLink = (url: string) => h.app.fetch(new Request(url));
async function startedWithDoc(docType = 'NATIONAL_ID') {
  const id = await createSession(h, testKey);
  await start(id);
  await chooseDoc(id, { type: docType, issuingState: 'NGA' });
  return id;
}

describe('GET session', () => {
  it('answers a new session in the welcome phase, without an API key and not cached', async () => {
    const id = await createSession(h, testKey, { vendorData: 'v1', redirect: 'https://acme.example/done' });
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const s = sessionEnvelope.parse(res.body).data;
    expect(s).toMatchObject({
      processId: id, verificationId: id, status: 'not started', decision: null, phase: 'welcome', closedReason: null,
      document: null, needsBack: null, redirect: 'https://acme.example/done', testMode: true, resubmissionRequested: false,
      captured: { documentFront: false, documentBack: false, selfie: false },
      branding: { name: '', logoUrl: null, accentColor: null, privacyPolicyUrl: null },
    });
  });

  it('answers unknown, malformed and deleted ids with the same 404', async () => {
    const unknown = await get('0'.repeat(32));
    expectHostedError(unknown, 404, 'not_found');
    expectHostedError(await get('x'.repeat(500)), 404, 'not_found');
    const id = await createSession(h, testKey);
    expect((await h.request('DELETE', `/api/v1/verifications/${id}`, { key: testKey })).status).toBe(200);
    const deleted = await get(id);
    expect(deleted).toMatchObject({ status: unknown.status, body: unknown.body });
    expectHostedError(await start(id), 404, 'not_found');
    expectHostedError(await upload(h, id, 'selfie', await jpeg()), 404, 'not_found');
  });

  it('does not expose a company representative\'s linked liveness verification', async () => {
    const id = await createSession(h, testKey);
    await h.ctx.db.update(verifications).set({ companyVerificationId: 'c'.repeat(32), status: 'started', statusCode: 2000 })
      .where(eq(verifications.id, id));
    expectHostedError(await get(id), 404, 'not_found');
    expectHostedError(await upload(h, id, 'selfie', await jpeg()), 404, 'not_found');
    expectHostedError(await submit(id), 404, 'not_found');
  });

  it('uses sanitised key branding and the key mode', async () => {
    const live = await h.createKey({
      mode: 'live', name: 'Key name',
      branding: { name: 'Acme Bank', logoUrl: 'javascript:alert(1)', accentColor: 'red;}body{x:y', privacyPolicyUrl: 'https://acme.example/privacy' },
    });
    const s = (await get(await createSession(h, live.apiKey))).body.data;
    expect(s.testMode).toBe(false);
    expect(s.branding).toEqual({ name: 'Acme Bank', logoUrl: null, accentColor: null, privacyPolicyUrl: 'https://acme.example/privacy' });
    const ok = await h.createKey({ branding: { logoUrl: 'https://cdn.example/logo.png', accentColor: '#0a7' } });
    const s2 = (await get(await createSession(h, ok.apiKey))).body.data;
    expect(s2.branding).toMatchObject({ logoUrl: 'https://cdn.example/logo.png', accentColor: '#0a7' });
  });

  it('applies expiry on read: not started → cancelled, started → abandoned, both closed as expired', async () => {
    const fresh = await createSession(h, testKey);
    const begun = await createSession(h, testKey);
    await start(begun);
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS);
    try {
      const a = (await get(fresh)).body.data;
      expect(a).toMatchObject({ status: 'cancelled', decision: 'expired', phase: 'closed', closedReason: 'expired' });
      const b = (await get(begun)).body.data;
      expect(b).toMatchObject({ status: 'abandoned', phase: 'closed', closedReason: 'expired' });
      const [stored] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, begun));
      expect(stored?.status).toBe('abandoned');
      expectHostedError(await start(fresh), 409, 'closed');
      expectHostedError(await upload(h, begun, 'selfie', await jpeg()), 409, 'closed');
    } finally {
      h.clock.advance(-INDIVIDUAL_SESSION_TTL_MS);
    }
  });
});

describe('POST start', () => {
  it('starts once: one verification.started, later calls answer the same session', async () => {
    const id = await createSession(h, testKey);
    const first = await start(id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'started', phase: 'capture' });
    const second = await start(id);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row?.startedAt?.toISOString()).toBe(h.clock.now().toISOString());
    expect((await eventsOf(h, id)).map((e) => e.type)).toEqual(['verification.started']);
  });

  it('concurrent starts emit one event', async () => {
    const id = await createSession(h, testKey);
    const all = await Promise.all([start(id), start(id), start(id)]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await eventsOf(h, id)).map((e) => e.type)).toEqual(['verification.started']);
  });

  it('refuses a cancelled session with 409 closed', async () => {
    const id = await createSession(h, testKey);
    expect((await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: testKey })).status).toBe(200);
    expectHostedError(await start(id), 409, 'closed');
    expect((await get(id)).body.data).toMatchObject({ phase: 'closed', closedReason: 'cancelled' });
    expect(await eventsOf(h, id)).toEqual([]);
  });
});

describe('PUT document', () => {
  it('needs a started session and a valid body', async () => {
    const id = await createSession(h, testKey);
    expectHostedError(await chooseDoc(id, { type: 'PASSPORT', issuingState: 'FRA' }), 409, 'not_started');
    await start(id);
    expectHostedError(await chooseDoc(id, { type: 'LIBRARY_CARD', issuingState: 'FRA' }), 400, 'invalid_body');
    expectHostedError(await chooseDoc(id, { type: 'PASSPORT', issuingState: 'fr' }), 400, 'invalid_body');
    const bad = await h.request('PUT', hostedPath(id, '/document'), { raw: '{"type":', headers: { 'content-type': 'application/json' } });
    expectHostedError(bad, 400, 'invalid_body');
    const res = await chooseDoc(id, { type: 'PASSPORT', issuingState: 'FRA' });
    expect(res.body.data).toMatchObject({ document: { type: 'PASSPORT', issuingState: 'FRA' }, needsBack: false });
  });

  it('drops a captured back when switching to a type without one', async () => {
    const id = await startedWithDoc('NATIONAL_ID');
    expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
    expect((await upload(h, id, 'document-back', await cardBackJpeg())).status).toBe(200);
    const kept = await chooseDoc(id, { type: 'DRIVERS_LICENSE', issuingState: 'GHA' });
    expect(kept.body.data.captured).toEqual({ documentFront: true, documentBack: true, selfie: false });
    const { back } = (await rowOf(id)).media;
    const res = await chooseDoc(id, { type: 'PASSPORT', issuingState: 'GHA' });
    expect(res.body.data).toMatchObject({ needsBack: false, captured: { documentFront: true, documentBack: false, selfie: false } });
    expect(await h.ctx.storage.get(back!)).toBeNull();
    expect(storedFiles(id)).toEqual([(await rowOf(id)).media.front!.split('/').pop()]);
  });
});

describe('PUT media', () => {
  it('refuses a document picture with no document in it, and stores nothing', async () => {
    const id = await startedWithDoc('NATIONAL_ID');
    for (const img of [await jpeg(), await sharp('e2e/fixtures/chelsea.png').jpeg().toBuffer(), await sharp('e2e/fixtures/grace_hopper.jpg').jpeg().toBuffer()]) {
      for (const slot of ['document-front', 'document-back']) expectHostedError(await upload(h, id, slot, img), 400, 'document_not_found');
    }
    expect((await rowOf(id)).media).toEqual({});
    expect(storedFiles(id)).toEqual([]);
    expect((await eventsOf(h, id)).map((e) => e.type)).toEqual(['verification.started']);
    expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
  });

  it('stores a clean re-encoded JPEG and emits the slot event with document details', async () => {
    const id = await startedWithDoc('NATIONAL_ID');
    const withExif = await sharp(await cardJpeg()).resize(300, 200).png().withExif({ IFD0: { Make: 'SecretCam' } }).toBuffer();
    const res = await upload(h, id, 'document-front', withExif, 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.data.captured).toEqual({ documentFront: true, documentBack: false, selfie: false });
    const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
    const key = row!.media.front!;
    expect(key).toMatch(new RegExp(`^verifications/${id}/document-front-[0-9a-f]{16}\\.jpg$`));
    const stored = await h.ctx.storage.get(key);
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();
    const events = await eventsOf(h, id);
    expect(events.at(-1)).toMatchObject({
      type: 'verification.document_front_uploaded', destination: 'events',
      data: { verificationId: id, vendorData: 'user-42', status: 'started', statusCode: 2000, docType: 'NATIONAL_ID', issuingState: 'NGA', side: 'front' },
    });
  });

  it('accepts retakes: a new file each time, the replaced one deleted (its link 404s), and the event again', async () => {
    const id = await startedWithDoc();
    await upload(h, id, 'document-front', await cardJpeg());
    await upload(h, id, 'selfie', await jpeg(200, 200, '#111111'));
    const before = await rowOf(id);
    const oldLink = createMediaSigner(h.ctx).url(before.media.selfie!);
    expect((await fetchLink(oldLink)).status).toBe(200);
    await upload(h, id, 'selfie', await jpeg(200, 200, '#eeeeee'));
    const after = await rowOf(id);
    expect(after.media.selfie).not.toBe(before.media.selfie);
    expect(after.media.front).toBe(before.media.front);
    expect(await h.ctx.storage.get(before.media.selfie!)).toBeNull();
    expect((await fetchLink(oldLink)).status).toBe(404);
    // On disk: exactly the files the row references, and the new link serves the new image.
    expect(storedFiles(id)).toEqual([after.media.front!, after.media.selfie!].map((k) => k.split('/').pop()).sort());
    const served = await fetchLink(createMediaSigner(h.ctx).url(after.media.selfie!));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals((await h.ctx.storage.get(after.media.selfie!))!)).toBe(true);
    const types = (await eventsOf(h, id)).map((e) => e.type);
    expect(types.filter((t) => t === 'verification.selfie_uploaded')).toHaveLength(2);
  });

  it('concurrent retakes of one slot keep exactly the file the row ends up holding', async () => {
    const id = await startedWithDoc();
    await upload(h, id, 'selfie', await jpeg(200, 200, '#000000'));
    const shades = ['#222222', '#444444', '#666666', '#888888'];
    const all = await Promise.all(shades.map(async (bg) => upload(h, id, 'selfie', await jpeg(200, 200, bg))));
    for (const r of all) expect(r.status).toBe(200);
    const { selfie } = (await rowOf(id)).media;
    expect(storedFiles(id)).toEqual([selfie!.split('/').pop()]);
    expect(await h.ctx.storage.get(selfie!)).not.toBeNull();
  });

  it('leaves no file when the session closes while the image is being stored', async () => {
    const id = await startedWithDoc();
    await upload(h, id, 'selfie', await jpeg());
    const kept = (await rowOf(id)).media.selfie!;
    // The customer cancels between the early check and the locked write: the upload is refused.
    const put = h.ctx.storage.put.bind(h.ctx.storage);
    const spy = vi.spyOn(h.ctx.storage, 'put').mockImplementationOnce(async (key, bytes) => {
      await put(key, bytes);
      expect(storedFiles(id)).toHaveLength(2);
      expect((await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: testKey })).status).toBe(200);
    });
    try {
      expectHostedError(await upload(h, id, 'document-front', await cardJpeg()), 409, 'closed');
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect((await rowOf(id)).media).toEqual({ selfie: kept });
    expect(storedFiles(id)).toEqual([kept.split('/').pop()]);
  });

  it('refuses uploads in the wrong state or slot', async () => {
    const img = await jpeg();
    const id = await createSession(h, testKey);
    expectHostedError(await upload(h, id, 'selfie', img), 409, 'not_started');
    await start(id);
    expectHostedError(await upload(h, id, 'document-front', img), 400, 'no_document');
    expect((await upload(h, id, 'selfie', img)).status).toBe(200); // the selfie needs no document
    await chooseDoc(id, { type: 'PASSPORT', issuingState: 'NGA' });
    expectHostedError(await upload(h, id, 'document-back', img), 400, 'no_back');
    expectHostedError(await upload(h, id, 'liveness', img), 400, 'invalid_body');
  });

  it('refuses what is not an accepted image, whatever the Content-Type says', async () => {
    const id = await startedWithDoc();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    expectHostedError(await upload(h, id, 'selfie', gif, 'image/jpeg'), 415, 'unsupported_media_type');
    expectHostedError(await upload(h, id, 'selfie', Buffer.from('%PDF-1.7\n%%EOF'), 'image/png'), 415, 'unsupported_media_type');
    expectHostedError(await upload(h, id, 'selfie', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/webp'), 415, 'unsupported_media_type');
    expectHostedError(await upload(h, id, 'selfie', await jpeg(), 'text/plain'), 415, 'unsupported_media_type');
    const full = await jpeg(800, 600);
    expectHostedError(await upload(h, id, 'selfie', full.subarray(0, full.length / 2)), 400, 'invalid_media');
    expectHostedError(await upload(h, id, 'selfie', Buffer.alloc(0)), 400, 'invalid_media');
    // application/octet-stream is fine when the bytes are an image.
    expect((await upload(h, id, 'selfie', await jpeg(), 'application/octet-stream')).status).toBe(200);
    const types = (await eventsOf(h, id)).map((e) => e.type);
    expect(types).toEqual(['verification.started', 'verification.selfie_uploaded']);
  });

  it('refuses more than MEDIA_MAX_BYTES, by Content-Length and while streaming', async () => {
    const id = await startedWithDoc();
    const tooBig = Buffer.alloc(MEDIA_MAX_BYTES + 1, 0xff);
    expectHostedError(await upload(h, id, 'selfie', tooBig), 413, 'media_too_large');
    const stream = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (let i = 0; i < 11; i++) ctrl.enqueue(new Uint8Array(1024 * 1024));
        ctrl.close();
      },
    });
    const res = await h.app.fetch(new Request(`http://idv.test${hostedPath(id, '/media/selfie')}`, {
      method: 'PUT', body: stream, headers: { 'content-type': 'image/jpeg' }, duplex: 'half',
    } as RequestInit));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('media_too_large');
  });
});

describe('POST submit', () => {
  it('lists what is missing', async () => {
    const id = await createSession(h, testKey);
    expectHostedError(await submit(id), 409, 'not_started');
    await start(id);
    const res = await submit(id);
    expectHostedError(res, 400, 'missing_captures');
    expect(res.body.error.missing).toEqual(['document', 'document-front', 'selfie']);
    await chooseDoc(id, { type: 'NATIONAL_ID', issuingState: 'NGA' });
    await upload(h, id, 'document-front', await cardJpeg());
    expect((await submit(id)).body.error.missing).toEqual(['document-back', 'selfie']);
  });

  it('submits once; once decided, captures and submit are refused as closed', async () => {
    const id = await createSession(h, testKey);
    await captureAll(h, id, 'PASSPORT', 'KEN');
    const res = await submit(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phase: 'submitted', decision: 'submitted', status: 'started' });
    await settleDecisions();
    expectHostedError(await upload(h, id, 'selfie', await jpeg()), 409, 'closed');
    expectHostedError(await submit(id), 409, 'closed');
    const types = (await eventsOf(h, id)).map((e) => e.type);
    expect(types.filter((t) => t === 'verification.processing_started')).toHaveLength(1);
  });

  it('concurrent submits emit one processing_started and one decision', async () => {
    const id = await createSession(h, testKey);
    await captureAll(h, id, 'PASSPORT');
    const all = await Promise.all([submit(id), submit(id), submit(id)]);
    await settleDecisions();
    // Each answer is either the submitted session or, once decided, closed.
    for (const r of all) expect([200, 409]).toContain(r.status);
    const types = (await eventsOf(h, id)).map((e) => e.type);
    expect(types.filter((t) => t === 'verification.processing_started')).toHaveLength(1);
    expect(types.filter((t) => t === 'verification.successful')).toHaveLength(1);
  });

  it('refuses captures between submit and the decision with already_submitted', async () => {
    const live = await h.createKey({ mode: 'live' });
    const id = await createSession(h, live.apiKey);
    await captureAll(h, id, 'PASSPORT');
    await submit(id);
    await settleDecisions();
    expect((await get(id)).body.data).toMatchObject({ status: 'completed', decision: 'review', phase: 'submitted' });
    expectHostedError(await upload(h, id, 'selfie', await jpeg()), 409, 'already_submitted');
    expectHostedError(await chooseDoc(id, { type: 'PASSPORT', issuingState: 'KEN' }), 409, 'already_submitted');
    expect((await submit(id)).status).toBe(200);
  });

  it('refuses a session cancelled by the customer', async () => {
    const id = await createSession(h, testKey);
    await captureAll(h, id);
    await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: testKey });
    expectHostedError(await submit(id), 409, 'closed');
    expectHostedError(await upload(h, id, 'selfie', await jpeg()), 409, 'closed');
  });
});
