import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { rateLimitHits } from '../db/schema';

/** At most `max` requests per `windowS` seconds per bucket. */
export interface RateRule { max: number; windowS: number }
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** Longest window a setting may have (1 day): older counter rows can all go. */
export const RATE_WINDOW_MAX_S = 24 * 3600;

/**
 * Counts one request in the bucket's current fixed window (one upsert, shared by every process
 * on the database) and says whether it is within the rule. A refused request still counts, so
 * hammering does not shorten the wait.
 */
export async function hit(db: DbOrTx, bucket: string, rule: RateRule, now: Date): Promise<RateVerdict> {
  const windowMs = rule.windowS * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const [row] = await db.insert(rateLimitHits).values({ bucket, windowStart: new Date(start), count: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.windowStart], set: { count: sql`${rateLimitHits.count} + 1` } })
    .returning({ count: rateLimitHits.count });
  if ((row?.count ?? 1) <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** Drops counters of windows that ended more than a day ago. */
export async function sweepRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 2 * RATE_WINDOW_MAX_S * 1000)))
    .returning({ b: rateLimitHits.bucket });
  return rows.length;
}

/** `N/S` (N requests per S seconds) or `0` (off), as the settings write a rule. */
export function parseRateRule(v: string): RateRule | null | 'invalid' {
  if (v === '0' || v === 'off') return null;
  const m = /^(\d{1,9})\/(\d{1,6})$/.exec(v);
  if (!m) return 'invalid';
  const max = Number(m[1]);
  const windowS = Number(m[2]);
  if (max < 1 || windowS < 1 || windowS > RATE_WINDOW_MAX_S) return 'invalid';
  return { max, windowS };
}
