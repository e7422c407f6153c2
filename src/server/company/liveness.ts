import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import { companyStatusCodes, individualStatusCodes } from '../../contract/statuses';
import { LIVENESS_DONE, type LivenessStatus } from '../../contract/hosted-company';
import { livenessOfRow, pickedSelfie, type StoredLiveness } from '../liveness/liveness-state';
import type { AppContext } from '../context';
import { verifications } from '../db/schema';
import { newVerificationId } from '../lib/ids';
import { discardMedia } from '../media/discard';
import { processUpload } from '../media/process-upload';
import { enqueueEvent } from '../webhooks/outbox';
import { appendAudit } from './audit';
import { progressAfter } from './draft';
import { livenessOf, withMirrors } from './form-values';
import { editableFailure, hostedFail, startIfNeeded, type HostedFail } from './hosted';
import { campaignOf, lockCompany, updateCompany, type CompanyRow } from './store';
import { observeCompanyStep } from './flow-analytics';

/**
 * Representative liveness. A linked individual verification (`companyVerificationId` set, same
 * API key, no document) holds the selfie. What it proves is modest and said so: the hosted app
 * guides the person with live face detection on the device and captures when one face is well
 * framed; the server checks the photo decodes and is large enough to show a face. There is no
 * passive anti-spoofing (a photo of a photo is not detected) and no face match with a document.
 */
export const LIVENESS_MIN_EDGE = 240;

const notFound = () => hostedFail('not_found', 'Verification not found or has been deleted');
type Ok<T> = { ok: true } & T;

export async function startLiveness(ctx: AppContext, processId: string): Promise<Ok<{ livenessVerificationId: VerificationId; livenessStatus: LivenessStatus }> | HostedFail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockCompany(tx, processId);
    if (!row) return notFound();
    const refused = editableFailure(row, now);
    if (refused) return refused;
    const { definition } = await campaignOf(tx, row);
    if (!definition.steps.includes('liveness')) return hostedFail('liveness_not_needed', 'This campaign has no liveness step');
    const current = livenessOf(row);
    // Idempotent: a reload or a second device reuses the linked verification.
    if (current.verificationId) return { ok: true as const, livenessVerificationId: current.verificationId, livenessStatus: current.status };
    const id = newVerificationId();
    await tx.insert(verifications).values({
      id,
      apiKeyId: row.apiKeyId,
      status: 'started',
      statusCode: individualStatusCodes.started,
      vendorData: row.vendorData,
      userMeta: { companyVerificationId: row.id, purpose: 'company_representative_liveness' },
      companyVerificationId: row.id,
      startedAt: now,
      expiresAt: row.expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    const started = startIfNeeded(row, row.auditTrail, now);
    const auditTrail = appendAudit(started.trail, { action: 'liveness_started', actor: 'representative', detail: { livenessVerificationId: id } }, now);
    const authorityProfile = { ...row.authorityProfile, livenessStatus: 'pending', livenessVerificationId: id, livenessStartedAt: now.toISOString() };
    await updateCompany(tx, row.id, {
      ...started.patch, authorityProfile, draft: withMirrors(row.draft, { ...row, authorityProfile }), auditTrail, updatedAt: now,
    });
    return { ok: true as const, livenessVerificationId: id, livenessStatus: 'pending' as const };
  });
}

/**
 * A selfie picked from a file (only where the key allows it): stored on the linked verification,
 * the liveness step ends `not_live` (nothing proves a live person) and the event is emitted.
 */
export async function completeLiveness(ctx: AppContext, row: CompanyRow, bytes: Buffer, selfieUpload: boolean): Promise<Ok<{ livenessVerificationId: VerificationId; livenessStatus: LivenessStatus; completedAt: string }> | HostedFail> {
  const now = ctx.clock.now();
  if (!selfieUpload) return hostedFail('selfie_upload_not_allowed', 'A selfie must be taken with the camera and the liveness check');
  const early = editableFailure(row, now) ?? preconditions(row);
  if (early) return early;
  const img = await processUpload(bytes);
  if (!img.ok) return hostedFail(img.code, img.detail);
  if (Math.min(img.width, img.height) < LIVENESS_MIN_EDGE) {
    return hostedFail('invalid_media', `The photo must be at least ${LIVENESS_MIN_EDGE} pixels on each side`);
  }
  const key = livenessMediaKey(row.id, livenessOf(row).verificationId!, 'selfie');
  await ctx.storage.put(key, img.bytes);
  return finishLiveness(ctx, row, [key], (l) => ({ ok: true, selfieKey: key, state: pickedSelfie(now), final: true, discard: l.evidence.map((e) => e.key) }));
}

/** Random per upload, like every stored capture: racing requests never write the same file. */
export const livenessMediaKey = (companyId: string, verificationId: VerificationId, label: string) =>
  `company/${companyId}/liveness-${verificationId}-${label}-${randomBytes(8).toString('hex')}.jpg`;

export type LivenessStep = (current: StoredLiveness, now: Date) =>
  /** `selfieKey` null: no new selfie (the tries ran out), the linked session keeps what it has. */
  | { ok: true; selfieKey: string | null; state: StoredLiveness; final: boolean; discard: string[] }
  | HostedFail;

/**
 * Applies `step` to the linked verification's liveness under the company's lock. A final outcome
 * completes the step: authorityProfile.livenessStatus, the audit trail and
 * `company_verification.liveness_completed`. Refused: the files in `stored` are deleted.
 */
export async function finishLiveness(ctx: AppContext, row: CompanyRow, stored: string[], step: LivenessStep): Promise<Ok<{ livenessVerificationId: VerificationId; livenessStatus: LivenessStatus; completedAt: string }> | HostedFail> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockCompany(tx, row.id);
    if (!locked) return notFound();
    const refused = editableFailure(locked, now) ?? preconditions(locked);
    if (refused) return refused;
    const verificationId = livenessOf(locked).verificationId!;
    const where = and(eq(verifications.id, verificationId), eq(verifications.companyVerificationId, locked.id));
    const [linked] = await tx.select().from(verifications).where(where).for('update');
    if (!linked) return notFound();
    const done = step(livenessOfRow(linked.liveness), now);
    if (!done.ok) return done;
    const status: LivenessStatus = done.final ? (done.state.outcome as LivenessStatus) : 'pending';
    await tx.update(verifications).set({
      liveness: done.state as unknown as Record<string, unknown>, ...(done.selfieKey ? { media: { selfie: done.selfieKey } } : {}), updatedAt: now,
      ...(done.final ? { status: 'completed', statusCode: individualStatusCodes.completed, submittedAt: now } : {}),
    }).where(where);
    await observeCompanyStep(tx, locked, 'liveness', now);
    const replaced = done.selfieKey ? linked.media.selfie ?? '' : '';
    if (!done.final) return { ok: true as const, livenessVerificationId: verificationId, livenessStatus: status, completedAt: '', discard: [...done.discard, replaced] };
    const { definition } = await campaignOf(tx, locked);
    const authorityProfile = {
      ...locked.authorityProfile, livenessStatus: status, livenessVerificationId: verificationId,
      completedAt: now.toISOString(), livenessMethod: done.state.method,
    };
    const auditTrail = appendAudit(locked.auditTrail, { action: 'liveness_completed', actor: 'representative', detail: { livenessVerificationId: verificationId, livenessStatus: status } }, now);
    const saved = await updateCompany(tx, locked.id, {
      authorityProfile, auditTrail, draft: withMirrors(locked.draft, { ...locked, authorityProfile }),
      progress: progressAfter(locked, definition, { authorityProfile }), updatedAt: now,
    });
    await enqueueEvent(tx, {
      apiKeyId: saved.apiKeyId,
      type: 'company_verification.liveness_completed',
      subjectId: saved.id,
      now,
      data: {
        companyVerificationId: saved.id, verificationId: saved.publicId, externalId: saved.publicId, vendorData: saved.vendorData,
        status: saved.status, statusCode: companyStatusCodes[saved.status as keyof typeof companyStatusCodes],
        livenessStatus: status, livenessVerificationId: verificationId, completedAt: now.toISOString(),
      },
    });
    return { ok: true as const, livenessVerificationId: verificationId, livenessStatus: status, completedAt: now.toISOString(), discard: [...done.discard, replaced] };
  });
  if (result.ok) {
    ctx.kickWebhooks();
    await discardMedia(ctx, result.discard.filter(Boolean), row.id);
    const { discard: _discard, ...answer } = result;
    return answer;
  }
  // Refused under the lock (completed or closed meanwhile): no row references the new files.
  await discardMedia(ctx, stored, row.id);
  return result;
}

function preconditions(row: CompanyRow): HostedFail | null {
  const l = livenessOf(row);
  if (LIVENESS_DONE.includes(l.status)) return hostedFail('liveness_completed', 'Liveness is already completed');
  if (!l.verificationId) return hostedFail('liveness_not_started', 'Start the liveness step first');
  return null;
}
