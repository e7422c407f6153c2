import { eq } from 'drizzle-orm';
import { individualStatusCodes } from '../../contract/statuses';
import { verifications } from '../db/schema';
import type { DecisionSubject } from '../decisions/decision-runner';
import { finishDecisionJob } from '../decisions/decision-jobs';
import { decideFromAnalysis, type DecisionsMode } from '../decisions/rules';
import { documentDataOf } from '../decisions/document-data';
import { identityRiskOf } from '../identity/session-identity';
import { amlSignals, screenSubject } from '../screening/screen-subject';
import { enqueueAmlHit, individualScreeningSubject } from './screening';
import { livenessOfRow } from '../liveness/liveness-state';
import type { MediaStorage } from '../media/storage';
import { applyDecision } from './decide';
import { decideDeps, type DecisionCtx } from './decision';
import { mergeDocInfo } from './payloads';
import { toDocInfo, type VerificationRow } from './record';
import { loadSessionMedia } from './session-media';
import { keyOfVerification, lockVerification, updateVerification } from './store';

/**
 * The individual product's side of a decision job, handed to the decision runner at start-up
 * (jobs/jobs.ts): which sessions still wait, what media they have, and how the checks' outcome
 * lands. The outcome is applied under the row lock and the job is closed in the same
 * transaction; a session no longer waiting (cancelled, deleted, decided by a specialist) just
 * closes its job. With no analysis (the last attempt failed) the session goes to a specialist
 * with the error attached.
 */
export function individualDecisionSubject(ctx: DecisionCtx & { storage: MediaStorage }): DecisionSubject<VerificationRow> {
  return {
    async waiting(verificationId) {
      const [row] = await ctx.db.select().from(verifications).where(eq(verifications.id, verificationId)).limit(1);
      return row && row.status === 'started' && row.decision === 'submitted' ? row : null;
    },
    media: (row, now) => loadSessionMedia(ctx.storage, row, now),

    async apply(job, analysis, error) {
      const deps = decideDeps(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await lockVerification(tx, job.verificationId, deps.now);
        if (!row || row.status !== 'started' || row.decision !== 'submitted') {
          await finishDecisionJob(tx, job.verificationId, deps.now, 'done');
          return;
        }
        const key = await keyOfVerification(tx, row);
        const mode: DecisionsMode = key.decisions === 'review' ? 'review' : 'auto';
        const risk = analysis ? await identityRiskOf(tx, ctx.db, { secrets: ctx.secrets, now: deps.now }, row, key, analysis, deps.now.toISOString().slice(0, 10)) : {};
        // Screening (screening/): the names the document gave, against every list the organisation sees.
        const screened = await screenSubject(tx, ctx.db, individualScreeningSubject(row, key, (analysis ? documentDataOf(analysis).docInfo : null) ?? toDocInfo(row.docInfo)), deps.now);
        risk.screening = amlSignals(screened.aml);
        const result = analysis ? decideFromAnalysis(analysis, livenessOfRow(row.liveness), mode, risk) : null;
        const checks = { ...(result?.checks ?? { version: 1, outcome: 'review', reasons: [`automatic checks could not run: ${error}`] }), aml: screened.aml };
        const base = await updateVerification(tx, row.id, { checks: checks as unknown as Record<string, unknown>, updatedAt: deps.now });
        if (result && result.outcome !== 'review') {
          const auto = await updateVerification(tx, row.id, { verificationMethod: 'auto' });
          await applyDecision(tx, { ...base, ...auto }, {
            outcome: result.outcome, reason: result.reason, ...(result.docInfo ? { docInfo: result.docInfo } : {}),
          }, deps);
        } else {
          await updateVerification(tx, row.id, {
            status: 'completed', statusCode: individualStatusCodes.completed, decision: 'review', verificationMethod: 'manual',
            docInfo: result?.docInfo ? mergeDocInfo(base, result.docInfo) : base.docInfo, updatedAt: deps.now,
          });
        }
        const [latest] = await tx.select().from(verifications).where(eq(verifications.id, row.id)).limit(1);
        await enqueueAmlHit(tx, latest ?? row, screened.fresh, 'decision', deps.now);
        await finishDecisionJob(tx, job.verificationId, deps.now, error ? 'failed' : 'done', error ?? undefined);
      });
      ctx.kickWebhooks();
    },
  };
}
