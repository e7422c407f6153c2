import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { individualDecisionPayloadSchema, individualProgressPayloadSchema } from '../../../contract/events';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import type { MediaSlot } from '../../../contract/hosted-individual';
import { webhookEvents } from '../../db/schema';
import type { Harness } from '../../testing/harness';
import { sideSceneJpeg } from '../../../../test-support/cards/side-scenes';
import { sceneJpeg } from '../../../../test-support/cards/document-scenes';
import { digestOf, evidenceChain } from '../../../vision/liveness/evidence-chain';

/** Shared by the hosted-individual, test-helper and review route tests (not a test itself). */
export const hostedPath = (id: string, rest = '') => `/api/v1/hosted/verifications/${id}${rest}`;

export function jpeg(width = 640, height = 400, background = '#88aacc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
}

let card: Promise<Buffer> | null = null;
let cardBack: Promise<Buffer> | null = null;

/** A photo of the test ID card (test-support/cards/document-scenes.ts): what document slots accept. */
export function cardJpeg(): Promise<Buffer> {
  card ??= sceneJpeg({ cardShare: 0.7 });
  return card;
}

/**
 * A photo of the test ID card's back (test-support/cards/id-card-back.ts): what a back slot accepts
 * (the front again is refused as `same_side`).
 */
export function cardBackJpeg(): Promise<Buffer> {
  cardBack ??= sideSceneJpeg('back', { cardShare: 0.7 });
  return cardBack;
}

/** Creates a session through the customer API; returns its id (the processId). */
export async function createSession(h: Harness, apiKey: string, body: Record<string, unknown> = { vendorData: 'user-42' }): Promise<string> {
  const res = await h.request('POST', '/api/v1/verifications', { key: apiKey, body });
  expect(res.status).toBe(200);
  return res.body.data.verificationId as string;
}

export async function upload(h: Harness, id: string, slot: MediaSlot | string, bytes: Buffer, type = 'image/jpeg') {
  return h.request('PUT', hostedPath(id, `/media/${slot}`), { raw: new Uint8Array(bytes), headers: { 'content-type': type } });
}

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

/** The camera selfie with a passed liveness challenge (what the app sends), asserted 200. */
export async function liveSelfie(h: Harness, id: string, frames?: Buffer[]) {
  const challenge = await h.request('POST', hostedPath(id, '/liveness/challenge'));
  expect(challenge.status).toBe(200);
  const res = await livenessRequest(h, hostedPath(id, '/liveness'), deviceResult(challenge.body.data), frames);
  expect(res.status).toBe(200);
  return res;
}

/** start → document → front (→ back) → selfie, each asserted 200. */
export async function captureAll(h: Harness, id: string, docType = 'NATIONAL_ID', issuingState = 'NGA') {
  const doc = await cardJpeg();
  expect((await h.request('POST', hostedPath(id, '/start'))).status).toBe(200);
  expect((await h.request('PUT', hostedPath(id, '/document'), { body: { type: docType, issuingState } })).status).toBe(200);
  expect((await upload(h, id, 'document-front', doc)).status).toBe(200);
  if (docType !== 'PASSPORT') expect((await upload(h, id, 'document-back', await cardBackJpeg())).status).toBe(200);

  const last = await liveSelfie(h, id);
  return last.body.data;
}

export interface StoredEvent {
  type: string;
  destination: string;
  data: Record<string, unknown>;
}

/** The outbox rows of one session in the order they were written. */
export async function eventsOf(h: Harness, id: string): Promise<StoredEvent[]> {
  const rows = await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, id))
    .orderBy(asc(webhookEvents.createdAt), asc(sql`${webhookEvents.id} collate "C"`));
  return rows.map((r) => {
    const body = JSON.parse(r.body) as { event: string; data: Record<string, unknown> };
    expect(body.event).toBe(r.eventType);
    return { type: r.eventType, destination: r.destination, data: body.data };
  });
}

/** Every payload must parse with its contract schema (strict on the decision payload's keys). */
export function expectValidPayloads(events: StoredEvent[]) {
  for (const e of events) {
    if (e.destination === 'decision') {
      const parsed = individualDecisionPayloadSchema.strict().parse(e.data);
      if (parsed.status === 'failed') expect(typeof parsed.reason).toBe('string');
      else expect(parsed.reason).toBeUndefined();
    } else {
      individualProgressPayloadSchema.parse(e.data);
    }
  }
}

/** A refusal in the spec's envelope: the HTTP status, `status: false`, the same `code`, and the error code. */
export function expectHostedError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  const env = errorEnvelopeSchema.parse(res.body);
  expect(env.status).toBe(false);
  expect(env.code).toBe(status);
  expect(env.error?.code).toBe(code);
}
