import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { companyStatusCodes, individualStatusCodes } from '../../contract/statuses';
import type { LivenessStatus } from '../../contract/hosted-company';
import type { AppContext } from '../context';
import { verifications } from '../db/schema';
import { newVerificationId } from '../lib/ids';
import { discardMedia } from '../media/discard';
import { processUpload } from '../media/process-upload';
import { enqueueEvent } from '../webhooks/outbox';
import { appendAudit } from './company-audit';
import { progressAfter } from './company-draft';
import { livenessOf, withMirrors } from './company-form-values';
import { editableFailure, hostedFail, startIfNeeded, type HostedFail } from './company-hosted';
import { campaignOf, lockCompany, updateCompany, type CompanyRow } from './company-store';

/**
 * Representative liveness. A linked individual verification (`companyVerificationId` set, same
 * API key, no document) holds the selfie. What it proves is modest and said so: the hosted app
 * guides the person with live face detection on the device and captures when one face is well
 * framed; the server checks the photo decodes and is large enough to show a face. There is no
 * passive anti-spoofing (a photo of a photo is not detected) and no face match with a document.
 */
export const LIVENESS_MIN_EDGE = 240;
const LIVENESS_METHOD = 'selfie_with_face_guidance';

const notFound = () => hostedFail(404, 'not_found', 'Verification not found or has been deleted');
type Ok<T> = { ok: true } & T;

export async function startLiveness(ctx: AppContext, processId: string): Promise<Ok<{ livenessVerificationId: string; livenessStatus: LivenessStatus }> | HostedFail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockCompany(tx, processId);
    if (!row) return notFound();
    const refused = editableFailure(row, now);
    if (refused) return refused;
    const { definition } = await campaignOf(tx, row);
    if (!definition.steps.includes('liveness')) return hostedFail(400, 'liveness_not_needed', 'This campaign has no liveness step');
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

/** Stores the selfie on the linked verification, completes liveness and emits the event. */
export async function completeLiveness(ctx: AppContext, row: CompanyRow, bytes: Buffer): Promise<Ok<{ livenessVerificationId: string; completedAt: string }> | HostedFail> {
  const now = ctx.clock.now();
  const early = editableFailure(row, now) ?? preconditions(row);
  if (early) return early;
  const img = await processUpload(bytes);
  if (!img.ok) return hostedFail(img.code === 'unsupported_media_type' ? 415 : img.code === 'media_too_large' ? 413 : 400, img.code, img.detail);
  if (Math.min(img.width, img.height) < LIVENESS_MIN_EDGE) {
    return hostedFail(400, 'invalid_media', `The photo must be at least ${LIVENESS_MIN_EDGE} pixels on each side`);
  }
  const verificationId = livenessOf(row).verificationId!;
  // Random per upload, like every stored capture: two racing requests never write the same file,
  // so the loser's file can be deleted without touching the one the winner recorded.
  const key = `company/${row.id}/liveness-${verificationId}-${randomBytes(8).toString('hex')}.jpg`;
  await ctx.storage.put(key, img.bytes);
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockCompany(tx, row.id);
    if (!locked) return notFound();
    const refused = editableFailure(locked, now) ?? preconditions(locked);
    if (refused) return refused;
    await tx.update(verifications).set({
      status: 'completed', statusCode: individualStatusCodes.completed, media: { selfie: key }, submittedAt: now, updatedAt: now,
    }).where(and(eq(verifications.id, verificationId), eq(verifications.companyVerificationId, locked.id)));
    const { definition } = await campaignOf(tx, locked);
    const authorityProfile = {
      ...locked.authorityProfile, livenessStatus: 'completed', livenessVerificationId: verificationId,
      completedAt: now.toISOString(), livenessMethod: LIVENESS_METHOD,
    };
    const auditTrail = appendAudit(locked.auditTrail, { action: 'liveness_completed', actor: 'representative', detail: { livenessVerificationId: verificationId } }, now);
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
        livenessStatus: 'completed', livenessVerificationId: verificationId, completedAt: now.toISOString(),
      },
    });
    return { ok: true as const, livenessVerificationId: verificationId, completedAt: now.toISOString() };
  });
  if (result.ok) ctx.kickWebhooks();
  // Refused under the lock (completed or closed meanwhile): no row references the new file.
  else await discardMedia(ctx, [key], row.id);
  return result;
}

function preconditions(row: CompanyRow): HostedFail | null {
  const l = livenessOf(row);
  if (l.status === 'completed') return hostedFail(409, 'liveness_completed', 'Liveness is already completed');
  if (!l.verificationId) return hostedFail(409, 'liveness_not_started', 'Start the liveness step first');
  return null;
}
