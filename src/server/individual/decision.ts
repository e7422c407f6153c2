import { and, asc, eq, isNull } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import { individualStatusCodes } from '../../contract/statuses';
import type { AppContext } from '../context';
import { verifications } from '../db/schema';
import { createWebhookMediaSigner } from '../media/signed-url';
import { applyDecision, type DecideDeps } from './decide';
import type { VerificationRow } from './record';
import { keyOfVerification, lockVerification, updateVerification } from './store';
import { forcedOutcomeOf } from './test-outcome';
import { livenessFailureReason } from '../liveness/liveness-record';
import { enqueueDecisionJob } from '../decisions/decision-jobs';
import { logRef } from '../lib/logger';
import { withSpan } from '../telemetry/tracing';

export type DecisionCtx = Pick<AppContext, 'db' | 'clock' | 'kickWebhooks' | 'logger' | 'secrets' | 'settings' | 'decisionRunner'>;

/** Decision payloads are webhook bodies: their media URLs get the webhook lifetime. */
export function decideDeps(ctx: DecisionCtx): DecideDeps {
  const signer = createWebhookMediaSigner(ctx);
  return { now: ctx.clock.now(), mediaUrl: (k) => signer.url(k) };
}

/** Reason of the automatic test-mode failure when the test helper gave none. */
export const TEST_FAILED_REASON = 'Failed on request (test mode)';

/**
 * The decision pipeline for one submitted session. A test key is decided by the sandbox rules in
 * this transaction (successful, or the outcome forced with the test helper; `failed` with a
 * liveness reason when the liveness check did not pass). A live key gets a decision job for the
 * automatic checks (decisions/), or, when this process runs none, waits for a specialist
 * (decision `review`, verificationMethod `manual`). A session no longer `submitted` (already
 * processed by another process, cancelled, deleted) is left alone, so running it twice is safe.
 */
export async function processSubmission(ctx: DecisionCtx, id: VerificationId): Promise<VerificationRow | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const deps = decideDeps(ctx);
    const row = await lockVerification(tx, id, deps.now);
    if (!row || row.status !== 'started' || row.decision !== 'submitted') return null;
    const key = await keyOfVerification(tx, row);
    if (key.mode === 'live' && ctx.decisionRunner) {
      // The automatic checks decide off the request path (decisions/decision-runner.ts).
      await enqueueDecisionJob(tx, id, deps.now);
      return row;
    }
    if (key.mode === 'live') {
      return updateVerification(tx, id, {
        status: 'completed', statusCode: individualStatusCodes.completed, decision: 'review', verificationMethod: 'manual', updatedAt: deps.now,
      });
    }
    const forced = forcedOutcomeOf(row);
    if (forced?.outcome === 'failed') {
      return applyDecision(tx, row, { outcome: 'failed', reason: forced.reason || TEST_FAILED_REASON }, deps);
    }
    // The sandbox honours liveness as production would: without a passed check, never successful.
    const notLive = livenessFailureReason(row.liveness);
    if (notLive) return applyDecision(tx, row, { outcome: 'failed', reason: notLive }, deps);
    return applyDecision(tx, row, { outcome: 'successful' }, deps);
  });
  if (result) {
    ctx.kickWebhooks();
    ctx.decisionRunner?.kick();
  }
  return result;
}

const inFlight = new Set<Promise<unknown>>();

/**
 * Runs the pipeline for a session just committed as submitted, in this process, without making
 * the request wait. A crash in between leaves it `submitted`: resumePendingDecisions picks it up.
 */
export function scheduleDecision(ctx: DecisionCtx, id: VerificationId): void {
  // A child of the submitting request's span when tracing is on; the id only as its log reference.
  const p: Promise<unknown> = withSpan('decision.submission', 'internal', { 'idv.verification.ref': logRef(id) }, () => processSubmission(ctx, id))
    .catch((err: unknown) => ctx.logger.error('decision pipeline failed', { verificationId: id, err: String(err) }))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/** Waits until every scheduled pipeline run has finished (tests, graceful shutdown). */
export async function settleDecisions(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Finishes sessions left `submitted` by a crash or restart (oldest first). Call once at start;
 * safe with several processes (each run re-checks under the row lock). Returns how many moved.
 */
export async function resumePendingDecisions(ctx: DecisionCtx): Promise<number> {
  const pending = await ctx.db.select({ id: verifications.id }).from(verifications)
    .where(and(
      eq(verifications.status, 'started'), eq(verifications.decision, 'submitted'),
      isNull(verifications.deletedAt), isNull(verifications.companyVerificationId),
    ))
    .orderBy(asc(verifications.submittedAt));
  let moved = 0;
  for (const { id } of pending) {
    try {
      if (await processSubmission(ctx, id)) moved++;
    } catch (err) {
      ctx.logger.error('resuming a decision failed', { verificationId: id, err: String(err) });
    }
  }
  return moved;
}
