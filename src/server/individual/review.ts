import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { ReviewItem } from '../../contract/admin';
import { automaticChecksSchema } from '../../contract/automatic-checks';
import type { ReviewDecisionBody, TestOutcomeBody } from '../../contract/hosted-individual';
import type { VerificationId } from '../../contract/ids';
import type { Db, Tx } from '../db/types';
import { verifications } from '../db/schema';
import { applyDecision, isUndecided, requestResubmission } from './decide';
import { decideDeps, TEST_FAILED_REASON, type DecisionCtx } from './decision';
import { closedReasonOf } from './flow';
import type { VerificationRow } from './record';
import { lockVerification, updateVerification } from './store';
import { withForcedOutcome } from './test-outcome';

const inReview = and(
  eq(verifications.status, 'completed'), eq(verifications.decision, 'review'),
  isNull(verifications.deletedAt), isNull(verifications.companyVerificationId),
);

/** Sessions waiting for a specialist, oldest submission first (first come, first decided). */
/** Stored checks as the contract shows them; anything unreadable is shown as none. */
function parseChecks(raw: unknown) {
  const parsed = automaticChecksSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function listReviews(db: Db, page: number, limit: number): Promise<{ items: ReviewItem[]; total: number }> {
  const [total] = await db.select({ n: count() }).from(verifications).where(inReview);
  const rows = await db.select().from(verifications).where(inReview)
    .orderBy(asc(verifications.submittedAt), asc(verifications.id)).limit(limit).offset((page - 1) * limit);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      verificationId: r.id, keyId: r.apiKeyId, vendorData: r.vendorData, docType: r.docType, issuingState: r.issuingState,
      resubmissions: r.resubmissions, submittedAt: r.submittedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
      checks: parseChecks(r.checks),
    })),
  };
}

export type ReviewResult =
  | { ok: true; row: VerificationRow }
  | { ok: false; code: 'not_found' | 'not_in_review'; status?: string; decision?: string | null };

/**
 * `idv review decide` and the dashboard: successful, failed (with reason) or resubmit (once;
 * then failed). `record` runs in the decision's transaction (the dashboard's audit entry), so a
 * decision is never stored without who made it.
 */
export async function decideReview(ctx: DecisionCtx, id: VerificationId, body: ReviewDecisionBody, record?: (tx: Tx) => Promise<void>): Promise<ReviewResult> {
  const res = await ctx.db.transaction(async (tx): Promise<ReviewResult> => {
    const deps = decideDeps(ctx);
    const row = await lockVerification(tx, id, deps.now);
    if (!row) return { ok: false, code: 'not_found' };
    if (row.status !== 'completed' || row.decision !== 'review') {
      return { ok: false, code: 'not_in_review', status: row.status, decision: row.decision };
    }
    // Reopens the captures with the specialist's reason for the person; past the limit, fails.
    const saved = body.decision === 'resubmit'
      ? await requestResubmission(tx, row, body.reason ?? '', deps)
      : await applyDecision(tx, row, { outcome: body.decision, reason: body.reason, docInfo: body.docInfo }, deps);
    await record?.(tx);
    return { ok: true, row: saved };
  });
  if (res.ok) ctx.kickWebhooks();
  return res;
}

export type TestOutcomeResult =
  | { ok: true; row: VerificationRow; applied: boolean }
  | { ok: false; code: 'not_found' | 'closed' };

/**
 * Test helper: a submitted, undecided session is decided now; a session still before submit
 * keeps the outcome and gets it at submit (the latest call wins). Sessions of other keys read
 * as not found; closed sessions are refused.
 */
export async function setTestOutcome(ctx: DecisionCtx, apiKeyId: string, id: VerificationId, body: TestOutcomeBody): Promise<TestOutcomeResult> {
  const res = await ctx.db.transaction(async (tx): Promise<TestOutcomeResult> => {
    const deps = decideDeps(ctx);
    const row = await lockVerification(tx, id, deps.now);
    if (!row || row.apiKeyId !== apiKeyId) return { ok: false, code: 'not_found' };
    if (closedReasonOf(row)) return { ok: false, code: 'closed' };
    const reason = body.outcome === 'failed' ? body.reason || TEST_FAILED_REASON : '';
    if (isUndecided(row)) {
      return { ok: true, applied: true, row: await applyDecision(tx, row, { outcome: body.outcome, reason }, deps) };
    }
    const next = await updateVerification(tx, id, { media: withForcedOutcome(row.media, { outcome: body.outcome, reason }) });
    return { ok: true, applied: false, row: next };
  });
  if (res.ok && res.applied) ctx.kickWebhooks();
  return res;
}
