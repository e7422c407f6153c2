import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { rateLimitHits } from '../db/schema';
import type { Secrets } from '../lib/secrets';
import { hit } from '../limits/rate-limiter';

/**
 * Wrong passwords are throttled per (e-mail, client address), not per account: five in a
 * 15-minute window from one address close that address's sign-in for that e-mail for 15
 * minutes. The owner, from their own address, is never locked out by a stranger; an unknown
 * e-mail is counted exactly like a real one, so the answers never tell which e-mails exist.
 * Counters live in rate_limit_hits (shared by every process); the e-mail is stored only as a
 * keyed digest.
 */
export const THROTTLE_AFTER_FAILURES = 5;
export const THROTTLE_MS = 15 * 60_000;

const keyOf = (secrets: Secrets, email: string, address: string) => `${secrets.digest(`idv:sign-in\n${email}`).slice(0, 32)}:${address}`;

export interface SignInThrottle {
  /** Seconds until this (e-mail, address) may try again, or 0. */
  waitS(): Promise<number>;
  /** Counts a wrong password; the seconds to wait when this one closed the door, else 0. */
  failed(): Promise<number>;
}

export function signInThrottle(db: DbOrTx, secrets: Secrets, email: string, address: string, now: Date): SignInThrottle {
  const key = keyOf(secrets, email, address);
  const lockBucket = `sign-in-lock:${key}`;
  return {
    async waitS() {
      const [lock] = await db.select({ at: rateLimitHits.windowStart }).from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, lockBucket), gt(rateLimitHits.windowStart, new Date(now.getTime() - THROTTLE_MS))))
        .orderBy(desc(rateLimitHits.windowStart)).limit(1);
      return lock ? Math.max(1, Math.ceil((lock.at.getTime() + THROTTLE_MS - now.getTime()) / 1000)) : 0;
    },
    async failed() {
      const verdict = await hit(db, `sign-in-failures:${key}`, { max: THROTTLE_AFTER_FAILURES - 1, windowS: THROTTLE_MS / 1000 }, now);
      if (verdict.allowed) return 0;
      await db.insert(rateLimitHits).values({ bucket: lockBucket, windowStart: now, count: 1 }).onConflictDoNothing();
      return THROTTLE_MS / 1000;
    },
  };
}
