import sharp from 'sharp';
import type { Harness } from '../testing/harness';
import { digestOf, evidenceChain } from '../../vision/liveness/evidence-chain';

/**
 * A device's side of a liveness challenge for route tests (not a test itself): the face frames,
 * the app's account of a challenge and the multipart upload with its evidence chain. Shared by
 * the individual selfie, the company representative's liveness and the platform tests.
 */
let faces: Promise<{ still: Buffer; turned: Buffer }> | null = null;

/** The face fixture facing the camera, and the same face moved as a head turn moves it. */
export function faceFrames(): Promise<{ still: Buffer; turned: Buffer }> {
  faces ??= (async () => ({
    still: await sharp('e2e/fixtures/grace_hopper.jpg').resize(640, 480, { fit: 'cover' }).jpeg().toBuffer(),
    turned: await sharp('e2e/fixtures/grace_hopper.jpg').resize(430, 480, { fit: 'fill' }).extend({ left: 150, right: 60, background: '#222' }).jpeg().toBuffer(),
  }))();
  return faces;
}

/** The nonce each deviceResult was made for, so livenessRequest can chain its frames as the app does. */
const nonces = new WeakMap<object, string>();

/**
 * A device's account of a passed (or failed) challenge, shaped like the app's (without a
 * screen-light measurement: the service then records it inconclusive).
 */
export function deviceResult(challenge: { challengeId: string; actions: string[]; nonce?: string }, verdict: 'passed' | 'failed' = 'passed') {
  const result = {
    challengeId: challenge.challengeId, verdict, ...(verdict === 'failed' ? { failure: 'timeout' } : {}),
    actions: challenge.actions.map((action, i) => ({ action, passed: verdict === 'passed', startedAtMs: 1000 * i, completedAtMs: verdict === 'passed' ? 1000 * i + 800 : null, peak: 24 })),
    neutral: { yawDeg: 1, pitchDeg: -4, eyeOpenness: 0.3 },
    frames: [{ label: 'neutral', atMs: 0 }, { label: challenge.actions[0], atMs: 700 }],
    framesAnalysed: 45,
    integrity: { signals: [] as string[] },
  };
  if (challenge.nonce) nonces.set(result, challenge.nonce);
  return result;
}

/** The evidence chain of `frames` for the nonce `result` was made for (none: the result as is). */
export async function chained(result: unknown, frames: Buffer[]): Promise<unknown> {
  const nonce = result && typeof result === 'object' ? nonces.get(result) : undefined;
  const r = result as { chain?: string; frames: { label: string; atMs: number }[] };
  if (!nonce || r.chain !== undefined) return result;
  const entries = await Promise.all(frames.map(async (f, i) => ({ label: r.frames[i]?.label ?? '', atMs: r.frames[i]?.atMs ?? 0, digest: await digestOf(new Uint8Array(f)) })));
  return { ...r, chain: await evidenceChain(nonce, entries) };
}

/** The multipart liveness upload: `frames` default to the neutral face then the turned one. */
export async function livenessRequest(h: Harness, path: string, result: unknown, frames?: Buffer[], headers: Record<string, string> = {}) {
  const f = await faceFrames();
  const sent = frames ?? [f.still, f.turned];
  const form = new FormData();
  form.append('result', JSON.stringify(await chained(result, sent)));
  form.append('selfie', new Blob([new Uint8Array(f.still)], { type: 'image/jpeg' }), 'selfie.jpg');
  for (const frame of sent) form.append('frames', new Blob([new Uint8Array(frame)], { type: 'image/jpeg' }), 'frame.jpg');
  const encoded = new Response(form);
  const raw = new Uint8Array(await encoded.arrayBuffer());
  return h.request('POST', path, { raw, headers: { 'content-type': encoded.headers.get('content-type')!, ...headers } });
}

