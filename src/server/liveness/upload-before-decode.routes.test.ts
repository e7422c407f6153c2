import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livenessChallengeSchema } from '../../contract/liveness-session';
import { insertCompany } from '../company/company.testkit';
import { decodeStats } from '../media/process-upload';
import { cardJpeg, createSession, hostedPath, upload } from '../individual/routes/hosted.testkit';
import { deviceResult, faceFrames, livenessRequest } from './liveness.testkit';
import { createHarness, type Harness } from '../testing/harness';

// A liveness answer is checked (session, challenge, sizes, the dimensions each image declares in
// its header) before any image is decoded: a refused request costs no decode at all.
let h: Harness;
let key: { id: string; apiKey: string };

beforeAll(async () => {
  h = await createHarness();
  key = await h.createKey({ name: 'Acme test' });
});
afterAll(async () => { await h.close(); });

async function withDocument(): Promise<string> {
  const id = await createSession(h, key.apiKey);
  expect((await h.request('POST', hostedPath(id, '/start'))).status).toBe(200);
  expect((await h.request('PUT', hostedPath(id, '/document'), { body: { type: 'PASSPORT', issuingState: 'KEN' } })).status).toBe(200);
  expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
  return id;
}
const fakeChallenge = { challengeId: 'lc_0123456789abcdef0123456789abcdef', actions: ['turn-left', 'blink'] };

describe('liveness uploads are checked before decoding', () => {
  it('an individual answer to an unknown challenge is refused without a decode', async () => {
    const id = await withDocument();
    const before = decodeStats().decodes;
    const res = await livenessRequest(h, hostedPath(id, '/liveness'), deviceResult(fakeChallenge));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('liveness_challenge_invalid');
    expect(decodeStats().decodes).toBe(before);
  });

  it('a frame declaring more pixels than a camera frame has is refused from its header, without a decode', async () => {
    const id = await withDocument();
    const challenge = livenessChallengeSchema.parse((await h.request('POST', hostedPath(id, '/liveness/challenge'))).body.data);
    // 6000 x 5000 of one colour: a few kB on the wire, 30 megapixels once decoded.
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#808080' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    const { still } = await faceFrames();
    const before = decodeStats().decodes;
    const res = await livenessRequest(h, hostedPath(id, '/liveness'), deviceResult(challenge), [still, bomb]);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('media_too_large');
    expect(decodeStats().decodes).toBe(before);
    // The honest answer to the same challenge still goes through (nothing was used up).
    expect((await livenessRequest(h, hostedPath(id, '/liveness'), deviceResult(challenge))).status).toBe(200);
    expect(decodeStats().decodes).toBeGreaterThan(before);
  });

  it('a company representative answer to an unknown challenge is refused without a decode', async () => {
    const c = await insertCompany(h.ctx, { apiKeyId: key.id });
    const base = `/api/v1/hosted/company-verifications/${c.id}`;
    expect((await h.request('POST', `${base}/liveness`, { headers: { 'x-hosted-token': c.token } })).status).toBe(200);
    const before = decodeStats().decodes;
    const res = await livenessRequest(h, `${base}/liveness/result`, deviceResult(fakeChallenge), undefined, { 'x-hosted-token': c.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('liveness_challenge_invalid');
    expect(decodeStats().decodes).toBe(before);
  });
});
