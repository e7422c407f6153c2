const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/**
 * Wait after the n-th failed attempt (index n-1). The first attempt is immediate, so an event
 * gets 1 + 7 = 8 attempts over about 27.5 hours; after the 8th failure it is marked failed.
 */
export const RETRY_DELAYS_MS = [5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** ±10 %: spreads retries of many events that failed together (e.g. a receiver outage). */
export const JITTER = 0.1;

/**
 * When to try again after `failedAttempts` failures (>= 1), or null when the schedule is done.
 * `random` returns [0, 1), injectable for tests.
 */
export function nextRetryDelayMs(failedAttempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
