// The company representative's active liveness: the same challenge, answer and evidence rules
// as the individual selfie, kept on the linked verification (company-liveness.ts).
import type { LivenessResult } from '../../contract/liveness';
import type { LivenessChallenge } from '../../contract/liveness-session';
import type { AppContext } from '../context';
import { and, eq } from 'drizzle-orm';
import { verifications } from '../db/schema';
import { finishLiveness, livenessMediaKey } from './liveness';
import { livenessOf } from './form-values';
import { editableFailure, hostedFail, type HostedFail } from './hosted';
import { keyOf, lockCompany, type CompanyRow } from './store';
import { judgeEvidence } from '../liveness/evidence-verdict';
import { answer, checkAnswer, exhaust, issueChallenge, livenessOfRow, toChallenge } from '../liveness/liveness-state';
import type { LivenessUpload } from '../liveness/liveness-upload';

const started = (row: CompanyRow): HostedFail | null => {
  const l = livenessOf(row);
  if (!l.verificationId) return hostedFail('liveness_not_started', 'Start the liveness step first');
  if (l.status !== 'pending') return hostedFail('liveness_completed', 'Liveness is already completed');
  return null;
};

/**
 * A challenge for the representative's next try. The representative has one round of three tries
 * (a round's failed end completes the step as `failed`: the operator decides live companies).
 * When the round's tries are all used without an answer that ends it (the app judged them failed
 * and the last one expired), the step ends `failed` too, with reason `liveness_attempts_exhausted`
 * and the trace kept: review flag `liveness_failed` and the liveness_completed event, so the
 * representative can still send the form instead of being stuck; then this answers 409.
 */
export async function issueCompanyChallenge(ctx: AppContext, row: CompanyRow, previousFailure?: string): Promise<{ ok: true; challenge: LivenessChallenge } | HostedFail> {
  const now = ctx.clock.now();
  const { livenessMaxRounds } = await keyOf(ctx.db, row.apiKeyId);
  const issued = await issueOrRefuse(ctx, row, now, livenessMaxRounds, previousFailure);
  if (issued !== 'exhausted') return issued;
  const ended = await finishLiveness(ctx, row, [], (current, at) => (!issueChallenge(current, at, livenessMaxRounds)
    ? { ok: true, selfieKey: null, state: exhaust(current, at), final: true, discard: [] }
    : hostedFail('liveness_attempts_exhausted', 'Every liveness try is used')));
  return ended.ok ? hostedFail('liveness_attempts_exhausted', 'Every liveness try is used') : ended;
}

async function issueOrRefuse(ctx: AppContext, row: CompanyRow, now: Date, keyRounds: number | null, previousFailure?: string): Promise<{ ok: true; challenge: LivenessChallenge } | HostedFail | 'exhausted'> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockCompany(tx, row.id);
    if (!locked) return hostedFail('not_found', 'Verification not found or has been deleted');
    const refused = editableFailure(locked, now) ?? started(locked);
    if (refused) return refused;
    const where = and(eq(verifications.id, livenessOf(locked).verificationId!), eq(verifications.companyVerificationId, locked.id));
    const [linked] = await tx.select().from(verifications).where(where).for('update');
    if (!linked) return hostedFail('not_found', 'Verification not found or has been deleted');
    const issued = issueChallenge(livenessOfRow(linked.liveness), now, keyRounds, previousFailure);
    if (!issued) return 'exhausted' as const;
    await tx.update(verifications).set({ liveness: issued.state as unknown as Record<string, unknown>, updatedAt: now }).where(where);
    return { ok: true as const, challenge: toChallenge(issued.challenge, issued.state) };
  });
}

const challengeFail = (code: 'liveness_challenge_invalid' | 'liveness_challenge_used') =>
  hostedFail(code, code === 'liveness_challenge_used' ? 'This liveness challenge was already answered' : 'Unknown or expired liveness challenge');

/**
 * Before any image is decoded: the form is editable, liveness started, and the answer names a
 * live challenge of the linked session (read without a lock; answerCompanyLiveness checks again).
 */
export async function precheckCompanyAnswer(ctx: AppContext, row: CompanyRow, result: LivenessResult): Promise<HostedFail | null> {
  const now = ctx.clock.now();
  const early = editableFailure(row, now) ?? started(row);
  if (early) return early;
  const [linked] = await ctx.db.select({ liveness: verifications.liveness }).from(verifications)
    .where(and(eq(verifications.id, livenessOf(row).verificationId!), eq(verifications.companyVerificationId, row.id))).limit(1);
  if (!linked) return hostedFail('not_found', 'Verification not found or has been deleted');
  const check = checkAnswer(livenessOfRow(linked.liveness), result, now);
  return check.ok ? null : challengeFail(check.code);
}

/** The answer to a challenge with its selfie and evidence frames, judged as for an individual. */
export async function answerCompanyLiveness(ctx: AppContext, row: CompanyRow, upload: LivenessUpload) {
  const early = editableFailure(row, ctx.clock.now()) ?? started(row);
  if (early) return early;
  const verificationId = livenessOf(row).verificationId!;
  const linked = await ctx.db.select({ liveness: verifications.liveness }).from(verifications).where(eq(verifications.id, verificationId)).limit(1);
  const verdict = await judgeEvidence(livenessOfRow(linked[0]?.liveness), upload);
  if (!verdict.ok) return hostedFail(verdict.code, 'The liveness evidence was not recorded for this challenge');
  const selfieKey = livenessMediaKey(row.id, verificationId, 'selfie');
  const evidence = upload.result.frames.map((f, i) => ({ label: f.label, key: livenessMediaKey(row.id, verificationId, f.label), bytes: upload.frames[i]! }));
  await Promise.all([ctx.storage.put(selfieKey, upload.selfie), ...evidence.map((e) => ctx.storage.put(e.key, e.bytes))]);
  return finishLiveness(ctx, row, [selfieKey, ...evidence.map((e) => e.key)], (current, now) => {
    const check = checkAnswer(current, upload.result, now);
    if (!check.ok) return challengeFail(check.code);
    const next = answer(current, check.challenge, upload.result, verdict.findings, evidence.map(({ label, key }) => ({ label, key })), now);
    return { ok: true, selfieKey, state: next, final: next.outcome !== 'not_performed', discard: current.evidence.map((e) => e.key) };
  });
}
