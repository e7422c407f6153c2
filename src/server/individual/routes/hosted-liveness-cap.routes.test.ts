import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualRecordSchema } from '../../../contract/individual';
import { livenessChallengeSchema, type LivenessChallenge } from '../../../contract/liveness-session';
import { settleDecisions } from '../decision';
import { mediaRoot } from '../../media/storage';
import { createHarness, type Harness } from '../../testing/harness';
import { cardJpeg, createSession, eventsOf, hostedPath, upload, expectHostedError } from './hosted.testkit';
import { deviceResult, faceFrames, livenessRequest } from '../../liveness/liveness.testkit';

// Evidence binding (nonce + hash chain), the cap on tries with its trace, and the service's own
// screen-light re-check, through the hosted API.
let h: Harness;
let testKey: string;
let oneRoundKey: string;

beforeAll(async () => {
  h = await createHarness();
  testKey = (await h.createKey({ name: 'cap test' })).apiKey;
  oneRoundKey = (await h.createKey({ name: 'one round', livenessMaxRounds: 1 })).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const challenge = (id: string, body?: unknown) => h.request('POST', hostedPath(id, '/liveness/challenge'), body === undefined ? {} : { body });
const newChallenge = async (id: string, body?: unknown) => livenessChallengeSchema.parse((await challenge(id, body)).body.data);
const answerPath = (id: string) => hostedPath(id, '/liveness');
const record = async (id: string, key = testKey) => individualRecordSchema.parse((await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data);
const storedFiles = (id: string) => {
  const dir = join(mediaRoot(h.ctx.settings.dataDir), 'verifications', id);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('liveness') || f.startsWith('selfie')) : [];
};

async function withDocument(key = testKey): Promise<string> {
  const id = await createSession(h, key);
  expect((await h.request('POST', hostedPath(id, '/start'))).status).toBe(200);
  expect((await h.request('PUT', hostedPath(id, '/document'), { body: { type: 'PASSPORT', issuingState: 'KEN' } })).status).toBe(200);
  expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
  return id;
}

/** The face lit by each screen colour: `share` of the colour laid over the whole frame. */
async function litFrames(colours: string[], share = 0.15): Promise<Buffer[]> {
  const { still } = await faceFrames();
  return Promise.all(colours.map(async (colour) => {
    const n = Number.parseInt(colour.slice(1), 16);
    const tint = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: n >> 16, g: (n >> 8) & 255, b: n & 255, alpha: share } } }).png().toBuffer();
    return sharp(still).composite([{ input: tint }]).jpeg({ quality: 90 }).toBuffer();
  }));
}

/** A passed answer with screen-light frames (`lightFrames`, one per colour) after the motion frames. */
async function answerWithLight(id: string, c: LivenessChallenge, lightFrames: Buffer[], deviceSays: 'passed' | 'inconclusive' = 'passed') {
  const f = await faceFrames();
  const base = deviceResult(c);
  const colours = c.screenLight!.colours;
  const result = Object.assign(base, {
    frames: [...base.frames, ...colours.map((_, i) => ({ label: 'light', atMs: 3000 + 400 * i }))],
    screenLight: { result: deviceSays, region: { x: 0.3, y: 0.2, width: 0.4, height: 0.6 }, samples: colours.map((colour, i) => ({ colour, atMs: 3000 + 400 * i, rgb: [150, 120, 100] })) },
  });
  return livenessRequest(h, answerPath(id), result, [f.still, f.turned, ...lightFrames]);
}

describe('evidence bound to the challenge', () => {
  it('refuses frames chained for another challenge or with no chain, in the envelope, storing nothing', async () => {
    const id = await withDocument();
    const first = await newChallenge(id);
    const second = await newChallenge(id);
    expect(second.nonce).not.toBe(first.nonce);
    // Frames recorded (chained) for the first challenge, sent as the answer to the second.
    const replay = { ...deviceResult(first), challengeId: second.challengeId, actions: deviceResult(second).actions };
    const { chain: _none, ...unchained } = replay as typeof replay & { chain?: string };
    const f = await faceFrames();
    const { evidenceChain, digestOf } = await import('../../../vision/liveness/evidence-chain');
    const digests = await Promise.all([f.still, f.turned].map((b) => digestOf(new Uint8Array(b))));
    const wrongChain = await evidenceChain(first.nonce!, replay.frames.map((fr, i) => ({ label: fr.label!, atMs: fr.atMs, digest: digests[i]! })));
    expectHostedError(await livenessRequest(h, answerPath(id), { ...unchained, chain: wrongChain }), 400, 'liveness_evidence_mismatch');
    expectHostedError(await livenessRequest(h, answerPath(id), unchained), 400, 'liveness_evidence_mismatch');
    expect(storedFiles(id)).toEqual([]);
    expect((await record(id)).liveness.status).toBe('not_performed');
    // The same frames chained for the open challenge are taken.
    expect((await livenessRequest(h, answerPath(id), deviceResult(second))).status).toBe(200);
  });

  it('refuses a challenge answered from another session and a malformed challenge request', async () => {
    const a = await withDocument();
    const b = await withDocument();
    const ca = await newChallenge(a);
    await newChallenge(b);
    expectHostedError(await livenessRequest(h, answerPath(b), deviceResult(ca)), 400, 'liveness_challenge_invalid');
    expectHostedError(await challenge(b, { previousFailure: 'bored' }), 400, 'invalid_body');
  });
});

describe('cap on tries', () => {
  it('fails the session after three rounds of three tries, with every failed try in the record and the webhook, and refuses a tenth', async () => {
    const id = await withDocument();
    expect((await h.request('GET', hostedPath(id))).body.data.liveness).toMatchObject({ attemptsLeft: 3, roundsLeft: 2 });
    for (let round = 1; round <= 3; round++) {
      await newChallenge(id);
      await newChallenge(id, { previousFailure: 'no-face' });
      const last = await newChallenge(id, { previousFailure: 'timeout' });
      expect(last).toMatchObject({ attempt: 3, round, maxRounds: 3 });
      expect((await livenessRequest(h, answerPath(id), deviceResult(last, 'failed'))).status).toBe(200);
    }
    const rec = await record(id);
    expect(rec).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'liveness_attempts_exhausted' });
    expect(rec.liveness).toMatchObject({ status: 'failed', reason: 'liveness_attempts_exhausted', attempts: 9, rounds: 3, maxRounds: 3 });
    expect(rec.liveness.failedAttempts!.map((f) => f.reason)).toEqual(Array.from({ length: 3 }, () => ['no_face', 'timeout', 'timeout']).flat());
    expectHostedError(await challenge(id), 409, 'closed');
    // The app reads why the session closed: every try used.
    const hosted = (await h.request('GET', hostedPath(id))).body.data;
    expect(hosted).toMatchObject({ phase: 'closed', closedReason: 'failed', liveness: { status: 'failed', exhausted: true, attemptsLeft: 0, roundsLeft: 0 } });
    const decision = (await eventsOf(h, id)).filter((e) => e.destination === 'decision');
    expect(decision.map((e) => e.type)).toEqual(['verification.failed']);
    expect(decision[0]!.data).toMatchObject({ reason: 'liveness_attempts_exhausted', liveness: { attempts: 9 } });
  });

  it('follows the key\'s rounds, and a challenge request past the last round fails the session and is refused', async () => {
    const id = await withDocument(oneRoundKey);
    for (let i = 0; i < 3; i++) await newChallenge(id);
    // The third try was never answered and has expired: the next request finds no try left.
    h.clock.advance(11 * 60 * 1000);
    expectHostedError(await challenge(id), 409, 'liveness_attempts_exhausted');
    const rec = await record(id, oneRoundKey);
    expect(rec).toMatchObject({ status: 'failed', reason: 'liveness_attempts_exhausted' });
    expect(rec.liveness.failedAttempts).toHaveLength(3);
  });
});

describe('screen light re-checked by the service', () => {
  it('passes a face lit by the challenge\'s colours', async () => {
    const id = await withDocument();
    const c = await newChallenge(id);
    expect((await answerWithLight(id, c, await litFrames(c.screenLight!.colours))).status).toBe(200);
    const { liveness } = await record(id);
    expect(liveness.status).toBe('passed');
    expect(liveness.checks.screenLight).toMatchObject({ result: 'passed', server: 'passed' });
    expect(liveness.checks.screenLight!.correlation).toBeGreaterThan(0.8);
    expect(liveness.checks.cameraIntegrity).toEqual({ suspected: false, signals: [] });
  });

  it('fails a device "pass" whose frames were lit against the sequence, and calls an unlit face inconclusive', async () => {
    const id = await withDocument();
    const c = await newChallenge(id);
    // Lit by the complementary colours: light against the asked sequence (as a replay of another).
    const other = c.screenLight!.colours.map((hex) => `#${(0xffffff ^ Number.parseInt(hex.slice(1), 16)).toString(16).padStart(6, '0')}`);
    expect((await answerWithLight(id, c, await litFrames(other))).status).toBe(200);
    expect((await record(id)).liveness).toMatchObject({ status: 'failed', reason: 'screen_light_not_followed', checks: { screenLight: { result: 'failed', device: 'passed', server: 'failed' } } });

    const id2 = await withDocument();
    const c2 = await newChallenge(id2);
    const { still } = await faceFrames();
    expect((await answerWithLight(id2, c2, c2.screenLight!.colours.map(() => still))).status).toBe(200);
    expect((await record(id2)).liveness).toMatchObject({ status: 'passed', checks: { screenLight: { result: 'inconclusive', server: 'inconclusive' } } });
  });

  it('records an answer without any light frames as inconclusive, never passed', async () => {
    const id = await withDocument();
    const c = await newChallenge(id);
    expect((await livenessRequest(h, answerPath(id), deviceResult(c))).status).toBe(200);
    expect((await record(id)).liveness.checks.screenLight?.result).toBe('inconclusive');
  });
});
