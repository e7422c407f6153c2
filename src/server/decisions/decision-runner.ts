import type { VerificationId } from '../../contract/ids';
import type { AppContext } from '../context';
import { createAnalysisPool, type AnalysisPool } from './analysis/analysis-pool';
import type { SessionAnalysis, SessionMedia } from './analysis/session-analysis';
import {
  claimDecisionJob, finishDecisionJob, MAX_DECISION_ATTEMPTS, retryDecisionJob, type DecisionJob,
} from './decision-jobs';
import { decisionDuration, decisionLatency } from '../metrics/registry';
import { logRef } from '../lib/logger';
import { withSpan } from '../telemetry/tracing';
import type { SpanHandle } from '../telemetry/tracing-types';

/**
 * The product's side of a decision job, handed to the runner at start-up (jobs/jobs.ts gives it
 * the individual product's): the runner claims, leases, retries, measures and traces; the
 * product knows its sessions and how an outcome lands.
 */
export interface DecisionSubject<S = unknown> {
  /** The session when it still waits for a decision, else null (its job just closes). */
  waiting(verificationId: VerificationId): Promise<S | null>;
  /** The session's media for the analysis; a failure here is retried as the analysis is. */
  media(session: S, now: Date): Promise<SessionMedia>;
  /**
   * Lands the checks' outcome, or with `analysis` null the failure `error` (the last attempt),
   * and closes the job in the same transaction (finishDecisionJob).
   */
  apply(job: DecisionJob, analysis: SessionAnalysis | null, error: string | null): Promise<void>;
}

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

type RunnerCtx = Pick<AppContext, 'db' | 'clock' | 'logger'>;

/**
 * Decides submitted live sessions off the request path: claims a job, asks the subject whether
 * its session still waits and for its media (`subject.waiting`, `subject.media`), analyses them
 * in the worker thread and hands the analysis to `subject.apply`, which applies the rules and
 * marks the job done in one transaction. After MAX_DECISION_ATTEMPTS failures the subject gets
 * the error instead: a job never strands a session.
 */
export function createDecisionRunner<S>(ctx: RunnerCtx, subject: DecisionSubject<S>, opts: RunnerOptions = {}): DecisionRunner {
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const backoffMs = opts.retryBackoffMs ?? 10_000;
  const pool = opts.pool ?? createAnalysisPool();
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let current: Promise<boolean> | null = null;

  /**
   * One job in a span (telemetry/, when tracing is on). The verification appears only as its log
   * reference (logRef): the id itself is the hosted link's credential.
   */
  const handle = (job: DecisionJob) => withSpan('decision.job', 'internal', {
    'idv.verification.ref': logRef(job.verificationId), 'idv.decision.attempt': job.attempts,
  }, (span) => handleJob(job, span));

  async function handleJob(job: DecisionJob, span: SpanHandle): Promise<void> {
    const now = ctx.clock.now();
    const session = await subject.waiting(job.verificationId);
    if (!session) {
      await finishDecisionJob(ctx.db, job.verificationId, now, 'done');
      span.setAttributes({ 'idv.decision.result': 'not_waiting' });
      return;
    }
    // Metrics in real seconds (performance.now, Date.now), whatever ctx.clock is.
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const analysis = await pool.analyse(await subject.media(session, now));
      await subject.apply(job, analysis, null);
      decisionDuration.observe({ result: 'decided' }, seconds());
      span.setAttributes({ 'idv.decision.result': 'decided' });
      decisionLatency.observe(Math.max(0, (Date.now() - job.createdAt.getTime()) / 1000));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ctx.logger.error('decision job failed', { verificationId: job.verificationId, attempt: job.attempts, err: message });
      if (job.attempts >= MAX_DECISION_ATTEMPTS) await subject.apply(job, null, message);
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
