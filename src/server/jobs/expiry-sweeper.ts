import { and, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/types';
import { idempotencyKeys } from '../db/schema';
import { sweepRateLimits } from '../limits/rate-limiter';
import { sweepSecondFactorChallenges } from '../accounts/second-factor/challenges';
import { eraseDueMedia, type RetentionResult } from '../retention/retention-sweep';
import { expireCompanies } from '../company/expiry';
import { expireIndividuals } from '../individual/expiry';
import { pruneFlowSessions } from '../analytics/prune';

/** Sweep period: reads enforce expiry exactly anyway; the sweeper keeps stored rows honest. */
export const SWEEP_INTERVAL_MS = 60_000;
/** Rows per UPDATE, so one sweep never holds long locks (or PGlite's single connection). */
export const SWEEP_BATCH = 500;

/** Idempotency records are replayed for 24 h (http/idempotency.ts); older ones are purged. */
const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface SweepResult { individuals: number; companies: number; idempotencyKeys: number; rateLimits: number; secondFactorChallenges: number; flowSessions: number; mediaErased: RetentionResult }

async function purgeIdempotencyKeys(db: DbOrTx, now: Date, batch: number): Promise<number> {
  const old = lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS));
  const ids = db.select({ k: idempotencyKeys.key }).from(idempotencyKeys).where(old).limit(batch);
  // The age condition is repeated outside: another API key's fresh record with the same `key`
  // string must survive.
  const rows = await db.delete(idempotencyKeys).where(and(old, inArray(idempotencyKeys.key, ids))).returning({ k: idempotencyKeys.key });
  return rows.length;
}

/** One full pass: batches until nothing due is left. Uses ctx.clock (tests travel in time). */
export async function sweepExpired(ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'logger' | 'settings'>, batch = SWEEP_BATCH): Promise<SweepResult> {
  const result: SweepResult = { individuals: 0, companies: 0, idempotencyKeys: 0, rateLimits: 0, secondFactorChallenges: 0, flowSessions: 0, mediaErased: { sessions: 0, companies: 0, files: 0 } };
  for (;;) {
    const n = (await expireIndividuals(ctx.db, ctx.clock.now(), { limit: batch })).length;
    result.individuals += n;
    if (n < batch) break;
  }
  for (;;) {
    const n = (await expireCompanies(ctx.db, ctx.clock.now(), { limit: batch })).length;
    result.companies += n;
    if (n < batch) break;
  }
  for (;;) {
    const n = await purgeIdempotencyKeys(ctx.db, ctx.clock.now(), batch);
    result.idempotencyKeys += n;
    if (n < batch) break;
  }
  for (;;) {
    const n = await pruneFlowSessions(ctx.db, ctx.clock.now(), batch);
    result.flowSessions += n;
    if (n < batch) break;
  }
  result.rateLimits = await sweepRateLimits(ctx.db, ctx.clock.now());
  result.secondFactorChallenges = await sweepSecondFactorChallenges(ctx.db, ctx.clock.now());
  // After expiry, so a link that has just expired unused has its media erased in the same pass.
  result.mediaErased = await eraseDueMedia(ctx);
  return result;
}

/**
 * Periodic expiry sweeper: a pass at start, then every `intervalMs`. Passes never overlap;
 * stop() cancels the timer and waits for a pass in progress. Errors are logged, not thrown.
 */
export function startExpirySweeper(
  ctx: AppContext, opts: { intervalMs?: number; batch?: number } = {},
): { stop(): Promise<void>; sweepNow(): Promise<SweepResult | null> } {
  const intervalMs = opts.intervalMs ?? SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SweepResult | null> | null = null;
  let stopped = false;

  const pass = (): Promise<SweepResult | null> => {
    running ??= sweepExpired(ctx, opts.batch)
      .then((r) => {
        if (r.individuals || r.companies) ctx.logger.info('expired sessions', { individuals: r.individuals, companies: r.companies });
        // Counts only: never a key, a path or anything a file holds.
        if (r.mediaErased.sessions || r.mediaErased.companies) ctx.logger.info('media erased (retention)', { ...r.mediaErased });
        return r;
      })
      .catch((err: unknown) => {
        ctx.logger.error('expiry sweep failed', { err: String(err) });
        return null;
      })
      .finally(() => { running = null; });
    return running;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => { void pass().then(() => schedule(intervalMs)); }, delay);
    timer.unref();
  };
  schedule(0);
  return {
    sweepNow: () => (stopped ? Promise.resolve(null) : pass()),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
