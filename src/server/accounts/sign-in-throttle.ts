import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { rateLimitHits } from '../db/schema';
import type { Secrets } from '../lib/secrets';
import { addressGroup } from '../limits/client-address';

/**
 * Wrong passwords and second-factor answers are throttled per (e-mail, client address group), not
 * per account: five in a 15-minute window from one address (an IPv6 client: from one /64) close
 * that address's sign-in for that e-mail for 15 minutes. The owner, from their own address, is
 * never locked out by a stranger; an unknown e-mail is counted exactly like a real one, so the
 * answers never tell which e-mails exist. Counters live in rate_limit_hits (shared by every
 * process); the e-mail is stored only as a keyed digest.
 *
 * A try is reserved before it is judged (one atomic upsert that returns the new count), so of
 * many concurrent tries only the first five are ever judged; a right answer hands its place back.
 */
export const THROTTLE_AFTER_FAILURES = 5;
export const THROTTLE_MS = 15 * 60_000;

const keyOf = (secrets: Secrets, email: string, address: string) => `${secrets.digest(`idv:sign-in\n${email}`).slice(0, 32)}:${addressGroup(address)}`;

export interface SignInThrottle {
  /** Reserves this try: 0 when it may be judged, else the seconds to wait (nothing judged). */
  begin(): Promise<number>;
  /** The reserved try was wrong: the seconds to wait when it closed the door, else 0. */
  failed(): Promise<number>;
  /** The reserved try was right (or not judged after all): it does not count. */
  succeeded(): Promise<void>;
}

export function signInThrottle(db: DbOrTx, secrets: Secrets, email: string, address: string, now: Date): SignInThrottle {
  const key = keyOf(secrets, email, address);
  const lockBucket = `sign-in-lock:${key}`;
  const countBucket = `sign-in-failures:${key}`;
  const windowStart = new Date(Math.floor(now.getTime() / THROTTLE_MS) * THROTTLE_MS);
  const thisWindow = and(eq(rateLimitHits.bucket, countBucket), eq(rateLimitHits.windowStart, windowStart));
  let reserved = false;
  const lockWaitS = async () => {
    const [lock] = await db.select({ at: rateLimitHits.windowStart }).from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, lockBucket), gt(rateLimitHits.windowStart, new Date(now.getTime() - THROTTLE_MS))))
      .orderBy(desc(rateLimitHits.windowStart)).limit(1);
    return lock ? Math.max(1, Math.ceil((lock.at.getTime() + THROTTLE_MS - now.getTime()) / 1000)) : 0;
  };
  return {
    async begin() {
      const locked = await lockWaitS();
      if (locked > 0) return locked;
      const [row] = await db.insert(rateLimitHits).values({ bucket: countBucket, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.windowStart], set: { count: sql`${rateLimitHits.count} + 1` } })
        .returning({ count: rateLimitHits.count });
      reserved = true;
      if ((row?.count ?? 1) <= THROTTLE_AFTER_FAILURES) return 0;
      // Over the limit: this try is not judged and does not count.
      await this.succeeded();
      return Math.max(1, Math.ceil((windowStart.getTime() + THROTTLE_MS - now.getTime()) / 1000));
    },
    async failed() {
      reserved = false;
      const [row] = await db.select({ count: rateLimitHits.count }).from(rateLimitHits).where(thisWindow).limit(1);
      if ((row?.count ?? 0) < THROTTLE_AFTER_FAILURES) return 0;
      await db.insert(rateLimitHits).values({ bucket: lockBucket, windowStart: now, count: 1 }).onConflictDoNothing();
      return THROTTLE_MS / 1000;
    },
    async succeeded() {
      if (!reserved) return;
      reserved = false;
      await db.update(rateLimitHits).set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` }).where(thisWindow);
    },
  };
}
