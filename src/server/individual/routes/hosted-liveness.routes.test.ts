import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualRecordSchema } from '../../../contract/individual';
import { LIVENESS_MAX_ATTEMPTS, LIVENESS_UPLOAD_MAX_BYTES, livenessChallengeSchema } from '../../../contract/liveness-session';
import { settleDecisions } from '../decision';
import { mediaRoot } from '../../media/storage';
import { createHarness, type Harness } from '../../testing/harness';
import { cardJpeg, createSession, eventsOf, hostedPath, liveSelfie, upload, expectHostedError } from './hosted.testkit';
import { deviceResult, faceFrames, livenessRequest } from '../../liveness/liveness.testkit';

// The camera selfie path: POST …/liveness/challenge, then POST …/liveness (multipart: result,
// selfie, frames). Keys here keep the default selfieUpload: false.
let h: Harness;
let testKey: string;
let liveKey: string;

beforeAll(async () => {
  h = await createHarness();
  testKey = (await h.createKey({ name: 'Acme test' })).apiKey;
  liveKey = (await h.createKey({ name: 'Acme live', mode: 'live' })).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const challenge = (id: string) => h.request('POST', hostedPath(id, '/liveness/challenge'));
const answerPath = (id: string) => hostedPath(id, '/liveness');
const session = async (id: string) => (await h.request('GET', hostedPath(id))).body.data;
const submit = (id: string) => h.request('POST', hostedPath(id, '/submit'));
function storedFiles(id: string): string[] {
  const dir = join(mediaRoot(h.ctx.settings.dataDir), 'verifications', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** A started session with its document captured: only the selfie is missing. */
async function withDocument(key = testKey): Promise<string> {
  const id = await createSession(h, key);
  expect((await h.request('POST', hostedPath(id, '/start'))).status).toBe(200);
  expect((await h.request('PUT', hostedPath(id, '/document'), { body: { type: 'PASSPORT', issuingState: 'KEN' } })).status).toBe(200);
  expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
  return id;
}

describe('liveness challenge', () => {
  it('issues two different random actions per try, a new challenge each time, then refuses when the tries are used', async () => {
    const id = await withDocument();
    const first = await challenge(id);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const c1 = livenessChallengeSchema.parse(first.body.data);
    expect(new Set(c1.actions).size).toBe(2);
    expect(c1.challengeId).toMatch(/^[0-9a-f]{32}$/);
    expect(c1).toMatchObject({ attempt: 1, maxAttempts: LIVENESS_MAX_ATTEMPTS });
    expect((await session(id)).liveness).toMatchObject({ status: 'not_performed', attemptsLeft: LIVENESS_MAX_ATTEMPTS - 1, selfieUploadAllowed: false });

    const ids = [c1.challengeId];
    for (let attempt = 2; attempt <= LIVENESS_MAX_ATTEMPTS; attempt++) {
      const next = livenessChallengeSchema.parse((await challenge(id)).body.data);
      expect(next.attempt).toBe(attempt);
      ids.push(next.challengeId);
    }
    expect(new Set(ids).size).toBe(LIVENESS_MAX_ATTEMPTS);
    // The last try is served again while open (an answer lost to the network must not strand the person)…
    const again = livenessChallengeSchema.parse((await challenge(id)).body.data);
    expect(again.challengeId).toBe(ids.at(-1));
    // …and once it is answered, no further try.
    const failed = await livenessRequest(h, answerPath(id), deviceResult(again, 'failed'));
    expect(failed.status).toBe(200);
    expect((await session(id)).liveness).toMatchObject({ status: 'failed' });
    // A final outcome starts a new round (a retake of the selfie).
    expect((await challenge(id)).status).toBe(200);
  });

  it('refuses before the document step, on a closed session and on an unknown id', async () => {
    const fresh = await createSession(h, testKey);
    expectHostedError(await challenge(fresh), 409, 'not_started');
    const id = await withDocument();
    await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: testKey });
    expectHostedError(await challenge(id), 409, 'closed');
    expectHostedError(await challenge('0123456789abcdef0123456789abcdef'), 404, 'not_found');
  });
});

describe('liveness answer', () => {
  it('records a passed challenge with the selfie and evidence frames, shown on the record with working media links', async () => {
    const id = await withDocument();
    await liveSelfie(h, id);
    expect((await session(id)).liveness).toMatchObject({ status: 'passed' });
    const rec = individualRecordSchema.parse((await h.request('GET', `/api/v1/verifications/${id}`, { key: testKey })).body.data);
    expect(rec.liveness).toMatchObject({ status: 'passed', method: 'active_challenge', attempts: 1, reason: '', checks: { device: 'passed', server: 'passed' } });
    expect(rec.liveness.challenge).toHaveLength(2);
    expect(rec.liveness.evidence.map((e) => e.label)).toEqual(['neutral', rec.liveness.challenge[0]]);
    expect(rec.selfie.url).not.toBe('');
    for (const url of [rec.selfie.url, ...rec.liveness.evidence.map((e) => e.url)]) {
      const res = await h.app.fetch(new Request(url));
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');
    }
    // The selfie event follows, as it does for every capture.
    expect((await eventsOf(h, id)).map((e) => e.type)).toContain('verification.selfie_uploaded');
  });

  it('refuses a replayed, an unknown and a mismatched answer, and stores nothing for them', async () => {
    const id = await withDocument();
    const c = livenessChallengeSchema.parse((await challenge(id)).body.data);
    const before = storedFiles(id);
    expectHostedError(await livenessRequest(h, answerPath(id), { ...deviceResult(c), challengeId: 'f'.repeat(32) }), 400, 'liveness_challenge_invalid');
    // A pass claimed for other actions than the ones asked.
    const swapped = deviceResult({ ...c, actions: [...c.actions].reverse() });
    expectHostedError(await livenessRequest(h, answerPath(id), swapped), 400, 'liveness_challenge_invalid');
    expect(storedFiles(id)).toEqual(before);

    expect((await livenessRequest(h, answerPath(id), deviceResult(c))).status).toBe(200);
    const afterPass = storedFiles(id);
    expectHostedError(await livenessRequest(h, answerPath(id), deviceResult(c)), 409, 'liveness_challenge_used');
    expect(storedFiles(id)).toEqual(afterPass);
  });

  it('refuses malformed uploads in the envelope: not multipart, bad result, frame count, not an image, too large', async () => {
    const id = await withDocument();
    const c = livenessChallengeSchema.parse((await challenge(id)).body.data);
    expectHostedError(await h.request('POST', answerPath(id), { body: deviceResult(c) }), 400, 'invalid_body');
    expectHostedError(await livenessRequest(h, answerPath(id), { ...deviceResult(c), verdict: 'maybe' }), 400, 'invalid_body');
    const f = await faceFrames();
    expectHostedError(await livenessRequest(h, answerPath(id), deviceResult(c), [f.still]), 400, 'invalid_body');
    const notImage = Buffer.from('this is not a picture at all, just text pretending to be one');
    const res = await livenessRequest(h, answerPath(id), deviceResult(c), [f.still, notImage]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(['invalid_media', 'unsupported_media_type']).toContain(res.body.error.code);
    const huge = await h.request('POST', answerPath(id), {
      raw: new Uint8Array(LIVENESS_UPLOAD_MAX_BYTES + 1024), headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expectHostedError(huge, 413, 'media_too_large');
    // None of it used the challenge: the real answer still goes through.
    expect((await livenessRequest(h, answerPath(id), deviceResult(c))).status).toBe(200);
    expect(storedFiles(id).length).toBeGreaterThan(1);
  });

  it('fails a device "pass" whose frames do not move (a still photo), and the test key never decides it successful', async () => {
    const id = await withDocument();
    const f = await faceFrames();
    await liveSelfie(h, id, [f.still, f.still]);
    expect((await session(id)).liveness).toMatchObject({ status: 'failed' });
    expect((await submit(id)).status).toBe(200);
    await settleDecisions();
    const events = await eventsOf(h, id);
    expect(events.map((e) => e.type)).not.toContain('verification.biometrics_matched');
    const decision = events.find((e) => e.destination === 'decision');
    expect(decision?.data).toMatchObject({ status: 'failed', reason: 'liveness_failed: no_motion' });
    expect(decision?.data.liveness).toMatchObject({ status: 'failed', reason: 'no_motion', checks: { device: 'passed', server: 'failed' } });
  });

  it('lets a device-failed try be retried, and fails the round on the last try', async () => {
    const id = await withDocument();
    const c1 = livenessChallengeSchema.parse((await challenge(id)).body.data);
    expect((await livenessRequest(h, answerPath(id), deviceResult(c1, 'failed'))).status).toBe(200);
    expect((await session(id)).liveness).toMatchObject({ status: 'not_performed', attemptsLeft: LIVENESS_MAX_ATTEMPTS - 1 });
    await liveSelfie(h, id);
    expect((await session(id)).liveness).toMatchObject({ status: 'passed' });
  });
});

describe('selfie picked from a file', () => {
  it('is refused with 403 on a key that does not allow it, and nothing is stored', async () => {
    const id = await withDocument();
    const before = storedFiles(id);
    expectHostedError(await upload(h, id, 'selfie', (await faceFrames()).still), 403, 'selfie_upload_not_allowed');
    expect(storedFiles(id)).toEqual(before);
    expect((await session(id)).liveness.status).toBe('not_performed');
  });

  it('where the key allows it, marks the session not live: a test key fails it, a live key sends it to review', async () => {
    for (const [mode, expected] of [['test', 'failed'], ['live', null]] as const) {
      const key = (await h.createKey({ name: `picked ${mode}`, mode, selfieUpload: true })).apiKey;
      const id = await withDocument(key);
      expect((await upload(h, id, 'selfie', (await faceFrames()).still)).status).toBe(200);
      expect((await session(id)).liveness).toMatchObject({ status: 'not_live', selfieUploadAllowed: true });
      expect((await submit(id)).status).toBe(200);
      await settleDecisions();
      const decision = (await eventsOf(h, id)).find((e) => e.destination === 'decision');
      if (expected) expect(decision?.data).toMatchObject({ status: expected, reason: 'selfie_not_live' });
      else expect(decision).toBeUndefined();
      const rec = individualRecordSchema.parse((await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data);
      expect(rec.liveness).toMatchObject({ status: 'not_live', method: 'file_upload' });
    }
  });

  it('a live key with a passed liveness still waits for a specialist (no automatic decision yet)', async () => {
    const id = await withDocument(liveKey);
    await liveSelfie(h, id);
    expect((await submit(id)).status).toBe(200);
    await settleDecisions();
    expect((await eventsOf(h, id)).find((e) => e.destination === 'decision')).toBeUndefined();
  });
});
