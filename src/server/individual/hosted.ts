import type { ChooseDocumentBody, HostedErrorCode, MediaSlot, MissingCapture } from '../../contract/hosted-individual';
import type { VerificationId } from '../../contract/ids';
import { individualStatusCodes } from '../../contract/statuses';
import type { AppContext } from '../context';
import type { Tx } from '../db/types';
import { discardMedia } from '../media/discard';
import { enqueueEvent } from '../webhooks/outbox';
import { scheduleDecision } from './decision';
import { observeSteps } from './flow-analytics';
import {
  captureBlocker, closedReasonOf, mediaAfterDocumentChoice, mediaFieldOf, missingCaptures, slotBlocker,
} from './flow';
import { documentUploadExtra, progressPayload } from './payloads';
import type { VerificationRow } from './record';
import { lockVerification, updateVerification } from './store';

export type HostedResult =
  | { ok: true; row: VerificationRow }
  | { ok: false; code: HostedErrorCode; missing?: MissingCapture[] };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'kickWebhooks' | 'storage' | 'logger'>;
/** What a step under the lock decided; `discard`: storage keys the committed row no longer references. */
type Step = HostedResult & { evented?: boolean; discard?: (string | undefined)[] };

/**
 * Runs `fn` on the locked row; after commit, kicks the webhook worker when events were written
 * and deletes the media `fn` superseded (read under the lock, so a concurrent upload's key is
 * never among them; a key the new row still holds is kept whatever `fn` said).
 */
async function withSession(ctx: Ctx, id: VerificationId, fn: (tx: Tx, row: VerificationRow, now: Date) => Promise<Step>): Promise<HostedResult> {
  const res: Step = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockVerification(tx, id, now);
    if (!row) return { ok: false as const, code: 'not_found' as const };
    const step = await fn(tx, row, now);
    if (step.ok && step.row !== row) await observeSteps(tx, row, step.row, now);
    return step;
  });
  if (res.ok && res.evented) ctx.kickWebhooks();
  if (res.ok && res.discard) {
    const held = new Set(Object.values(res.row.media));
    await discardMedia(ctx, res.discard.filter((k) => k && !held.has(k)), id);
  }
  return res.ok ? { ok: true, row: res.row } : res;
}

/**
 * Consent given: `not started` → `started`, `verification.started` once. Starting again is a
 * no-op that answers the session (a reload, a second tab); a closed session is refused.
 */
export function startSession(ctx: Ctx, id: VerificationId): Promise<HostedResult> {
  return withSession(ctx, id, async (tx, row, now) => {
    if (closedReasonOf(row)) return { ok: false, code: 'closed' };
    if (row.status !== 'not started') return { ok: true, row };
    const next = await updateVerification(tx, id, {
      status: 'started', statusCode: individualStatusCodes.started, startedAt: now, updatedAt: now,
    });
    await enqueueEvent(tx, { apiKeyId: row.apiKeyId, type: 'verification.started', subjectId: id, now, data: progressPayload(next, now) });
    return { ok: true, row: next, evented: true };
  });
}

/**
 * Document type and issuing country; a back side already captured is dropped if the new type
 * has none (and its file deleted after commit).
 */
export function chooseDocument(ctx: Ctx, id: VerificationId, body: ChooseDocumentBody): Promise<HostedResult> {
  return withSession(ctx, id, async (tx, row, now) => {
    const blocked = captureBlocker(row);
    if (blocked) return { ok: false, code: blocked };
    const next = await updateVerification(tx, id, {
      docType: body.type, issuingState: body.issuingState, media: mediaAfterDocumentChoice(row.media, body.type), updatedAt: now,
    });
    return { ok: true, row: next, discard: [row.media.back] };
  });
}

const uploadEvent = {
  'document-front': 'verification.document_front_uploaded',
  'document-back': 'verification.document_back_uploaded',
  selfie: 'verification.selfie_uploaded',
} as const;

/** Why an upload to this slot would be refused now (checked before the image is processed). */
export function uploadBlocker(row: VerificationRow, slot: MediaSlot): HostedErrorCode | null {
  return captureBlocker(row) ?? slotBlocker(row, slot);
}

/**
 * Records a capture already stored under `storageKey` (random per upload) and owns that file
 * from then on. Every successful upload (retakes included) emits its event: the event says
 * "this slot now holds a new image", and integrators must tolerate repeats anyway. Rules are
 * checked again under the lock: the session may have moved while the image was encoded.
 * After commit the image it replaced is deleted (a signed URL to it answers 404 from then on);
 * a refused upload deletes the new file, which no row references.
 */
export async function recordUpload(ctx: Ctx, id: VerificationId, slot: MediaSlot, storageKey: string, also?: UploadPatch): Promise<HostedResult> {
  const res = await withSession(ctx, id, async (tx, row, now) => {
    const blocked = uploadBlocker(row, slot);
    if (blocked) return { ok: false, code: blocked };
    const extraPatch = also?.(row, now) ?? { ok: true as const, patch: {}, discard: [] };
    if (!extraPatch.ok) return { ok: false, code: extraPatch.code };
    const field = mediaFieldOf[slot];
    const next = await updateVerification(tx, id, { ...extraPatch.patch, media: { ...row.media, [field]: storageKey }, updatedAt: now });
    const extra = slot === 'selfie' ? {} : documentUploadExtra(next, slot === 'document-front' ? 'front' : 'back');
    await enqueueEvent(tx, { apiKeyId: row.apiKeyId, type: uploadEvent[slot], subjectId: id, now, data: progressPayload(next, now, extra) });
    return { ok: true, row: next, evented: true, discard: [row.media[field], ...extraPatch.discard] };
  });
  if (!res.ok) await discardMedia(ctx, [storageKey, ...(also?.stored ?? [])], id);
  return res;
}

/**
 * More to write with an upload, decided under the same lock (the liveness state with its
 * selfie); `stored`: other files written for this upload, deleted with it when it is refused.
 */
export type UploadPatch = ((row: VerificationRow, now: Date) =>
  | { ok: true; patch: Partial<VerificationRow>; discard: string[] }
  | { ok: false; code: HostedErrorCode }) & { stored?: string[] };

/**
 * Submit: everything captured → submittedAt, decision `submitted`, `verification.processing_started`
 * (status stays `started` until processed), then the decision pipeline runs after commit.
 * Submitting an already submitted session answers it unchanged (a retried request after a lost
 * response must not fail).
 */
export async function submitSession(ctx: Ctx & Pick<AppContext, 'logger' | 'secrets' | 'settings'>, id: VerificationId): Promise<HostedResult> {
  const res = await withSession(ctx, id, async (tx, row, now) => {
    const blocked = captureBlocker(row);
    if (blocked === 'already_submitted') return { ok: true, row };
    if (blocked) return { ok: false, code: blocked };
    const missing = missingCaptures(row);
    if (missing.length) return { ok: false, code: 'missing_captures', missing };
    const next = await updateVerification(tx, id, { submittedAt: now, decision: 'submitted', updatedAt: now });
    await enqueueEvent(tx, { apiKeyId: row.apiKeyId, type: 'verification.processing_started', subjectId: id, now, data: progressPayload(next, now) });
    return { ok: true, row: next, evented: true };
  });
  if (res.ok && res.row.decision === 'submitted') scheduleDecision(ctx, id);
  return res;
}
