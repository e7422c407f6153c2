import { eq } from 'drizzle-orm';
import { individualStatusCodes } from '../../contract/statuses';
import { verifications } from '../db/schema';
import type { MediaStorage } from '../media/storage';
import type { DecisionCtx } from '../individual/decision';
import { applyDecision } from '../individual/decide';
import { decideDeps } from '../individual/decision';
import { mergeDocInfo } from '../individual/payloads';
import { keyOfVerification, lockVerification, updateVerification } from '../individual/store';
import { livenessOfRow } from '../liveness/liveness-state';
import { createAnalysisPool, type AnalysisPool } from './analysis/analysis-pool';
import type { SessionAnalysis } from './analysis/session-analysis';
import {
  claimDecisionJob, finishDecisionJob, MAX_DECISION_ATTEMPTS, retryDecisionJob, type DecisionJob,
} from './decision-jobs';
import { decideFromAnalysis, type DecisionsMode } from './rules';
import { loadSessionMedia } from '../individual/session-media';
import { identityRiskOf } from '../identity/session-identity';
import { decisionDuration, decisionLatency } from '../metrics/registry';
import { logRef } from '../lib/logger';
import { withSpan, type SpanHandle } from '../telemetry/tracing';

export interface DecisionRunner {
  /** Claims and decides one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  start(): void;
  kick(): void;
  stop(): Promise<void>;
  readonly pool: AnalysisPool;
}

export interface RunnerOptions {
  pollMs?: number;
  /** How long a claimed job stays reserved (clock ms); past it another runner may take it. */
  leaseMs?: number;
  retryBackoffMs?: number;
  pool?: AnalysisPool;
}

type RunnerCtx = DecisionCtx & { storage: MediaStorage };

/**
 * Decides submitted live sessions off the request path: claims a job, reads the media, analyses
 * them in the worker thread, applies the rules under the row lock and marks the job done in the
 * same transaction. A session no longer waiting (cancelled, deleted, decided by a specialist)
 * just closes its job. After MAX_DECISION_ATTEMPTS failures the session goes to a specialist
 * with the error attached: a job never strands a session.
 */
export function createDecisionRunner(ctx: RunnerCtx, opts: RunnerOptions = {}): DecisionRunner {
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const backoffMs = opts.retryBackoffMs ?? 10_000;
  const pool = opts.pool ?? createAnalysisPool();
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let current: Promise<boolean> | null = null;

  async function decide(job: DecisionJob, analysis: SessionAnalysis | null, error: string | null): Promise<void> {
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
      const result = analysis ? decideFromAnalysis(analysis, livenessOfRow(row.liveness), mode, risk) : null;
      const checks = result?.checks ?? { version: 1, outcome: 'review', reasons: [`automatic checks could not run: ${error}`] };
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
      await finishDecisionJob(tx, job.verificationId, deps.now, error ? 'failed' : 'done', error ?? undefined);
    });
    ctx.kickWebhooks();
  }

  /**
   * One job in a span (telemetry/, when tracing is on). The verification appears only as its log
   * reference (logRef): the id itself is the hosted link's credential.
   */
  const handle = (job: DecisionJob) => withSpan('decision.job', 'internal', {
    'idv.verification.ref': logRef(job.verificationId), 'idv.decision.attempt': job.attempts,
  }, (span) => handleJob(job, span));

  async function handleJob(job: DecisionJob, span: SpanHandle): Promise<void> {
    const now = ctx.clock.now();
    const [row] = await ctx.db.select().from(verifications).where(eq(verifications.id, job.verificationId)).limit(1);
    if (!row || row.status !== 'started' || row.decision !== 'submitted') {
      await finishDecisionJob(ctx.db, job.verificationId, now, 'done');
      span.setAttributes({ 'idv.decision.result': 'not_waiting' });
      return;
    }
    // Metrics in real seconds (performance.now, Date.now), whatever ctx.clock is.
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const analysis = await pool.analyse(await loadSessionMedia(ctx.storage, row, now));
      await decide(job, analysis, null);
      decisionDuration.observe({ result: 'decided' }, seconds());
      span.setAttributes({ 'idv.decision.result': 'decided' });
      decisionLatency.observe(Math.max(0, (Date.now() - job.createdAt.getTime()) / 1000));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ctx.logger.error('decision job failed', { verificationId: job.verificationId, attempt: job.attempts, err: message });
      if (job.attempts >= MAX_DECISION_ATTEMPTS) await decide(job, null, message);
      else await retryDecisionJob(ctx.db, job.verificationId, ctx.clock.now(), backoffMs * job.attempts, message);
      const result = job.attempts >= MAX_DECISION_ATTEMPTS ? 'failed' : 'retried';
      decisionDuration.observe({ result }, seconds());
      span.setAttributes({ 'idv.decision.result': result });
      // The error's class only: its message may quote document data.
      span.fail(err instanceof Error ? err.constructor.name || 'Error' : 'Error');
    }
  }

  async function runOnce(): Promise<boolean> {
    const now = ctx.clock.now();
    const job = await claimDecisionJob(ctx.db, now, new Date(now.getTime() + leaseMs));
    if (!job) return false;
    await handle(job);
    return true;
  }

  async function run(): Promise<void> {
    while (!stopped) {
      try {
        current = runOnce();
        if (await current) continue;
      } catch (err) {
        ctx.logger.error('decision runner error', { err: String(err) });
      } finally {
        current = null;
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, pollMs);
        wake = () => { clearTimeout(t); resolve(); };
      });
      wake = null;
    }
  }

  return {
    runOnce, pool,
    start() { loop ??= run(); },
    kick() { wake?.(); },
    async stop() {
      stopped = true;
      wake?.();
      // The job in flight finishes (or its lease lets another process take it after a kill).
      await loop;
      await pool.close();
    },
  };
}
