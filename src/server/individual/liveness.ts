// Active liveness on an individual session: a challenge is issued (within the tries and rounds
// the key allows), the answer is checked against it and against the evidence frames, and stored
// with its selfie in one update. When the last round's tries are used up, the session fails
// (exhausted.ts). The same state rules serve a company representative's linked verification.
import { randomBytes } from 'node:crypto';
import type { HostedErrorCode } from '../../contract/hosted-individual';
import type { VerificationId } from '../../contract/ids';
import type { LivenessChallenge } from '../../contract/liveness-session';
import type { AppContext } from '../context';
import { decideDeps } from './decision';
import { recordUpload, uploadBlocker, type HostedResult, type UploadPatch } from './hosted';
import { keyOfVerification, lockVerification } from './store';
import { updateVerification } from './store';
import { judgeEvidence } from '../liveness/evidence-verdict';
import { failExhausted } from './liveness-exhausted';
import { answer, checkAnswer, issueChallenge, livenessOfRow, pickedSelfie, toChallenge, triesExhausted } from '../liveness/liveness-state';
import type { LivenessUpload } from '../liveness/liveness-upload';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'kickWebhooks' | 'storage' | 'logger' | 'secrets' | 'settings' | 'decisionRunner'>;
export type ChallengeResult = { ok: true; challenge: LivenessChallenge } | { ok: false; code: HostedErrorCode | 'liveness_attempts_exhausted' };

/**
 * A challenge for the next try. `previousFailure`: why the app's judge refused the try before
 * (that try is not uploaded; it goes into the trace). Refused once every try of every round is
 * used, and the session is then failed (`liveness_attempts_exhausted`) in the same transaction.
 */
export async function issueIndividualChallenge(ctx: Ctx, id: VerificationId, previousFailure?: string): Promise<ChallengeResult> {
  let exhausted = false;
  const res = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockVerification(tx, id, now);
    if (!row) return { ok: false as const, code: 'not_found' as const };
    const blocked = uploadBlocker(row, 'selfie');
    if (blocked) return { ok: false as const, code: blocked };
    const key = await keyOfVerification(tx, row);
    const state = livenessOfRow(row.liveness);
    const issued = issueChallenge(state, now, key.livenessMaxRounds, previousFailure);
    if (!issued) {
      if (triesExhausted(state, now, key.livenessMaxRounds)) {
        await failExhausted(tx, row, { ...decideDeps(ctx), now });
        exhausted = true;
      }
      return { ok: false as const, code: 'liveness_attempts_exhausted' as const };
    }
    await updateVerification(tx, id, { liveness: issued.state as unknown as Record<string, unknown>, updatedAt: now });
    return { ok: true as const, challenge: toChallenge(issued.challenge, issued.state) };
  });
  if (exhausted) ctx.kickWebhooks();
  return res;
}

export const evidenceKey = (id: VerificationId, label: string) => `verifications/${id}/liveness-${label}-${randomBytes(8).toString('hex')}.jpg`;

type AnswerRefusal = { ok: false; code: 'liveness_challenge_invalid' | 'liveness_challenge_used' | 'liveness_evidence_mismatch'; detail?: string };

/**
 * Stores the answer: the evidence is judged first (hash chain, motion, screen light; a chain
 * that does not match refuses the upload before anything is stored), then the frames and the
 * neutral selfie are written (random keys) and the row is updated under its lock, where the
 * challenge is checked again (a replay racing the first answer loses). Refused: the new files
 * are deleted, nothing else changes. A failure that ends the last round fails the session.
 */
export async function submitIndividualLiveness(ctx: Ctx, id: VerificationId, upload: LivenessUpload, selfieKey: string, current: unknown): Promise<HostedResult | AnswerRefusal> {
  const verdict = await judgeEvidence(livenessOfRow(current), upload);
  if (!verdict.ok) return verdict;
  await ctx.storage.put(selfieKey, upload.selfie);
  const evidence = upload.result.frames.map((f, i) => ({ label: f.label, key: evidenceKey(id, f.label), bytes: upload.frames[i]! }));
  await Promise.all(evidence.map((e) => ctx.storage.put(e.key, e.bytes)));
  const stored = evidence.map((e) => e.key);
  const patch: UploadPatch = Object.assign((row: Parameters<UploadPatch>[0], now: Date) => {
    const state = livenessOfRow(row.liveness);
    const check = checkAnswer(state, upload.result, now);
    if (!check.ok) return { ok: false as const, code: check.code as HostedErrorCode };
    const next = answer(state, check.challenge, upload.result, verdict.findings, evidence.map(({ label, key }) => ({ label, key })), now);
    ctx.logger.info('liveness answered', {
      verificationId: id, outcome: next.outcome, device: upload.result.verdict, frameDifference: verdict.frameDifference,
      screenLight: verdict.findings.screenLight?.result ?? '', cameraSignals: verdict.findings.cameraIntegrity?.signals.length ?? 0,
    });
    return { ok: true as const, patch: { liveness: next as unknown as Record<string, unknown> }, discard: state.evidence.map((e) => e.key) };
  }, { stored });
  const res = await recordUpload(ctx, id, 'selfie', selfieKey, patch);
  if (!res.ok || !livenessOfRow(res.row.liveness).exhausted) return res;
  const failed = await ctx.db.transaction(async (tx) => {
    const row = await lockVerification(tx, id, ctx.clock.now());
    return row ? failExhausted(tx, row, decideDeps(ctx)) : null;
  });
  ctx.kickWebhooks();
  return failed ? { ...res, row: failed } : res;
}

/** A selfie picked from a file: only where the key allows it; the session is then not live. */
export function pickedSelfiePatch(): UploadPatch {
  return (row, now) => ({
    ok: true,
    patch: { liveness: pickedSelfie(now, livenessOfRow(row.liveness)) as unknown as Record<string, unknown> },
    discard: livenessOfRow(row.liveness).evidence.map((e) => e.key),
  });
}
