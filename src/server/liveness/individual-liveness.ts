// Active liveness on an individual session: a challenge is issued (within the attempt budget),
// the answer is checked against it and against the evidence frames, and stored with its selfie
// in one update. The same operations serve a company representative's linked verification.
import { randomBytes } from 'node:crypto';
import type { HostedErrorCode } from '../../contract/hosted-individual';
import type { LivenessChallenge } from '../../contract/liveness-session';
import type { AppContext } from '../context';
import { recordUpload, uploadBlocker, type HostedResult, type UploadPatch } from '../domain/individual-hosted';
import { lockVerification, updateVerification } from '../domain/individual-store';
import { evidenceShowsMotion } from './evidence-check';
import { answer, checkAnswer, issueChallenge, livenessOfRow, pickedSelfie, toChallenge } from './liveness-state';
import type { LivenessUpload } from './liveness-upload';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'kickWebhooks' | 'storage' | 'logger'>;
export type ChallengeResult = { ok: true; challenge: LivenessChallenge } | { ok: false; code: HostedErrorCode | 'liveness_attempts_exhausted' };

export async function issueIndividualChallenge(ctx: Ctx, id: string): Promise<ChallengeResult> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockVerification(tx, id, now);
    if (!row) return { ok: false as const, code: 'not_found' as const };
    const blocked = uploadBlocker(row, 'selfie');
    if (blocked) return { ok: false as const, code: blocked };
    const issued = issueChallenge(livenessOfRow(row.liveness), now);
    if (!issued) return { ok: false as const, code: 'liveness_attempts_exhausted' as const };
    await updateVerification(tx, id, { liveness: issued.state as unknown as Record<string, unknown>, updatedAt: now });
    return { ok: true as const, challenge: toChallenge(issued.challenge) };
  });
}

export const evidenceKey = (id: string, label: string) => `verifications/${id}/liveness-${label}-${randomBytes(8).toString('hex')}.jpg`;

/**
 * Stores the answer: evidence frames and the neutral selfie are written first (random keys),
 * then the row is updated under its lock, where the challenge is checked again (a replay racing
 * the first answer loses). Refused: the new files are deleted, nothing else changes.
 */
export async function submitIndividualLiveness(ctx: Ctx, id: string, upload: LivenessUpload, selfieKey: string): Promise<HostedResult | { ok: false; code: 'liveness_challenge_invalid' | 'liveness_challenge_used' }> {
  const motion = await evidenceShowsMotion(upload.frames);
  const evidence = upload.result.frames.map((f, i) => ({ label: f.label, key: evidenceKey(id, f.label), bytes: upload.frames[i]! }));
  await Promise.all(evidence.map((e) => ctx.storage.put(e.key, e.bytes)));
  const stored = evidence.map((e) => e.key);
  const patch: UploadPatch = Object.assign((row: Parameters<UploadPatch>[0], now: Date) => {
    const state = livenessOfRow(row.liveness);
    const check = checkAnswer(state, upload.result, now);
    if (!check.ok) return { ok: false as const, code: check.code as HostedErrorCode };
    const next = answer(state, check.challenge, upload.result, motion.passed, evidence.map(({ label, key }) => ({ label, key })), now);
    ctx.logger.info('liveness answered', { verificationId: id, outcome: next.outcome, device: upload.result.verdict, frameDifference: motion.difference });
    return { ok: true as const, patch: { liveness: next as unknown as Record<string, unknown> }, discard: state.evidence.map((e) => e.key) };
  }, { stored });
  return recordUpload(ctx, id, 'selfie', selfieKey, patch);
}

/** A selfie picked from a file: only where the key allows it; the session is then not live. */
export function pickedSelfiePatch(): UploadPatch {
  return (row, now) => ({
    ok: true,
    patch: { liveness: pickedSelfie(now) as unknown as Record<string, unknown> },
    discard: livenessOfRow(row.liveness).evidence.map((e) => e.key),
  });
}
