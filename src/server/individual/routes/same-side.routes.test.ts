import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import { sideSceneJpeg } from '../../../../test-support/cards/side-scenes';
import { verifications } from '../../db/schema';
import { settleDecisions } from '../decision';
import { mediaRoot } from '../../media/storage';
import { createHarness, type Harness } from '../../testing/harness';
import { cardBackJpeg, cardJpeg, createSession, eventsOf, hostedPath, upload } from './hosted.testkit';
import type { VerificationId } from '../../../contract/ids';

// The back is the back: a document side that shows the other side again (a person slow to turn
// the card, or any client) is refused with `same_side`, nothing stored and no event, on the
// hosted API and on customer-collected uploads alike.
let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  key = (await h.createKey({ name: 'Acme test' })).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

function expectSameSide(res: { status: number; body: unknown }) {
  expect(res.status).toBe(400);
  const env = errorEnvelopeSchema.parse(res.body);
  expect(env.error?.code).toBe('same_side');
  expect(env.message).toMatch(/same side/);
}
const rowOf = async (id: VerificationId) => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!;
function storedFiles(id: string): string[] {
  const dir = join(mediaRoot(h.ctx.settings.dataDir), 'verifications', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
const fileOf = (key: string) => key.split('/').pop()!;

async function hostedWithDoc(type = 'NATIONAL_ID') {
  const id = await createSession(h, key);
  expect((await h.request('POST', hostedPath(id, '/start'))).status).toBe(200);
  expect((await h.request('PUT', hostedPath(id, '/document'), { body: { type, issuingState: 'UTO' } })).status).toBe(200);
  return id;
}

/** The front again, as it may come back: the same bytes, re-encoded smaller, and photographed again elsewhere in the frame. */
async function frontAgain(): Promise<[string, Buffer][]> {
  const front = await cardJpeg();
  return [
    ['identical', front],
    ['re-encoded', await sharp(front).resize(560).jpeg({ quality: 45 }).toBuffer()],
    ['shifted, dimmer, turned 4°', await sideSceneJpeg('front', { cardShare: 0.62, centre: { x: 0.46, y: 0.54 }, light: 0.8, rotateDeg: 4 })],
  ];
}

describe('a back that is the front again', () => {
  it('is refused on the hosted API with same_side, storing nothing and emitting nothing; the real back is taken', async () => {
    for (const type of ['NATIONAL_ID', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT']) {
      const id = await hostedWithDoc(type);
      expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
      const front = (await rowOf(id)).media.front!;
      for (const [what, image] of await frontAgain()) {
        const res = await upload(h, id, 'document-back', image);
        expect(res.status, `${type}: ${what}`).toBe(400);
        expectSameSide(res);
      }
      expect((await rowOf(id)).media).toEqual({ front });
      expect(storedFiles(id)).toEqual([fileOf(front)]);
      expect((await eventsOf(h, id)).map((e) => e.type)).toEqual(['verification.started', 'verification.document_front_uploaded']);

      const back = await upload(h, id, 'document-back', await cardBackJpeg());
      expect(back.status).toBe(200);
      expect(back.body.data.captured).toEqual({ documentFront: true, documentBack: true, selfie: false });
    }
  });

  it('also refuses a front retaken as the back already sent, and compares with the newest front only', async () => {
    const id = await hostedWithDoc();
    expect((await upload(h, id, 'document-back', await cardBackJpeg())).status).toBe(200);
    expectSameSide(await upload(h, id, 'document-front', await sideSceneJpeg('back', { cardShare: 0.55, light: 0.9 })));
    expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
    // A retake of the front with the front: nothing to compare it with but the back, which differs.
    expect((await upload(h, id, 'document-front', await sideSceneJpeg('front', { rotateDeg: -3 }))).status).toBe(200);
    expect(storedFiles(id)).toHaveLength(2);
  });

  it('is refused on customer-collected uploads too, in the envelope, with nothing stored', async () => {
    const id = await createSession(h, key);
    const path = (rest: string) => `/api/v1/verifications/${id}${rest}`;
    const put = (slot: string, bytes: Buffer) => h.request('PUT', path(`/media/${slot}`), { key, raw: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' } });
    expect((await h.request('PUT', path('/document'), { key, body: { type: 'NATIONAL_ID', issuingState: 'UTO' } })).status).toBe(200);
    expect((await put('document-front', await cardJpeg())).status).toBe(200);
    for (const [, image] of await frontAgain()) expectSameSide(await put('document-back', image));
    const record = (await h.request('GET', path(''), { key })).body.data;
    expect(record.doc.key.back).toBe('');
    expect(storedFiles(id)).toHaveLength(1);
    expect((await eventsOf(h, id)).map((e) => e.type)).not.toContain('verification.document_back_uploaded');
    expect((await put('document-back', await cardBackJpeg())).status).toBe(200);
  });

  it('judges the back alone when the stored front cannot be read', async () => {
    const id = await hostedWithDoc();
    expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
    await h.ctx.storage.delete((await rowOf(id)).media.front!);
    expect((await upload(h, id, 'document-back', await cardJpeg())).status).toBe(200);
  });
});
