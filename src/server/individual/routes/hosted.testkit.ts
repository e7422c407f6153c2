import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { individualDecisionPayloadSchema, individualProgressPayloadSchema } from '../../../contract/events';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import type { MediaSlot } from '../../../contract/hosted-individual';
import type { VerificationId } from '../../../contract/ids';
import { webhookEvents } from '../../db/schema';
import type { Harness } from '../../testing/harness';
import { testVerificationId } from '../../testing/test-ids';
import { sideSceneJpeg } from '../../../../test-support/cards/side-scenes';
import { sceneJpeg } from '../../../../test-support/cards/document-scenes';
import { deviceResult, livenessRequest } from '../../liveness/liveness.testkit';

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
export async function createSession(h: Harness, apiKey: string, body: Record<string, unknown> = { vendorData: 'user-42' }): Promise<VerificationId> {
  const res = await h.request('POST', '/api/v1/verifications', { key: apiKey, body });
  expect(res.status).toBe(200);
  return testVerificationId(res.body.data.verificationId);
}

export async function upload(h: Harness, id: string, slot: MediaSlot | string, bytes: Buffer, type = 'image/jpeg') {
  return h.request('PUT', hostedPath(id, `/media/${slot}`), { raw: new Uint8Array(bytes), headers: { 'content-type': type } });
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
