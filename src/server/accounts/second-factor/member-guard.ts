import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { secondFactorGuards } from '../../db/schema';

/** Wrong codes a member may make (over every address and sign-in) before each further one waits. */
export const FREE_WRONG_CODES = 10;
/** The first wait past the allowance; each further wrong code doubles it, up to MAX_WAIT_S. */
export const FIRST_WAIT_S = 60;
export const MAX_WAIT_S = 3600;
/** A day without a wrong code gives the whole allowance back. */
export const GUARD_FORGETS_AFTER_MS = 24 * 3600_000;

/** Seconds the next code must wait after the member's `failures`-th wrong one in a row. */
export const waitAfterFailures = (failures: number): number =>
  failures < FREE_WRONG_CODES ? 0 : Math.min(MAX_WAIT_S, FIRST_WAIT_S * 2 ** (failures - FREE_WRONG_CODES));

export type CodeTry = { ok: true; failures: number } | { ok: false; retryAfterS: number };

/**
 * Reserves the judging of one code (TOTP or recovery) for a member, whatever the address: the
 * per-address throttle alone lets someone who has the password guess from thousands of
 * addresses. The try counts as wrong until `codeTrySucceeded` hands it back, and its wait is set
 * in the same locked step, so of many concurrent guesses past the allowance only one is judged.
 * Passkey answers are not reserved here: they cannot be guessed.
 */
export async function reserveCodeTry(db: DbOrTx, memberId: string, now: Date): Promise<CodeTry> {
  return db.transaction(async (tx) => {
    await tx.insert(secondFactorGuards).values({ memberId, failures: 0, nextTryAt: new Date(0) }).onConflictDoNothing();
    const [row] = await tx.select().from(secondFactorGuards).where(eq(secondFactorGuards.memberId, memberId)).for('update').limit(1);
    if (!row) return { ok: false, retryAfterS: 1 };
    if (row.nextTryAt.getTime() > now.getTime()) return { ok: false, retryAfterS: Math.max(1, Math.ceil((row.nextTryAt.getTime() - now.getTime()) / 1000)) };
    const stale = !row.lastFailureAt || now.getTime() - row.lastFailureAt.getTime() > GUARD_FORGETS_AFTER_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    await tx.update(secondFactorGuards)
      .set({ failures, lastFailureAt: now, nextTryAt: new Date(now.getTime() + waitAfterFailures(failures) * 1000) })
      .where(eq(secondFactorGuards.memberId, memberId));
    return { ok: true, failures };
  });
}

/**
 * The reserved code was right: the member's run of wrong codes ends, and the wrong ones before
 * it are kept as unseen, for the member to be told (`takeUnseenFailures`).
 */
export async function codeTrySucceeded(db: DbOrTx, memberId: string, now: Date): Promise<void> {
  await db.update(secondFactorGuards).set({
    unseenFailures: sql`${secondFactorGuards.unseenFailures} + greatest(${secondFactorGuards.failures} - 1, 0)`,
    failures: 0, lastFailureAt: null, nextTryAt: now,
  }).where(eq(secondFactorGuards.memberId, memberId));
}

/** Wrong codes the member has not been shown yet: those of the current run and those before their last sign-in. */
export async function unseenFailures(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db.select().from(secondFactorGuards).where(eq(secondFactorGuards.memberId, memberId)).limit(1);
  return row ? row.unseenFailures : 0;
}

/** The member has read the notice: it is not shown again. */
export async function markFailuresSeen(db: DbOrTx, memberId: string): Promise<void> {
  await db.update(secondFactorGuards).set({ unseenFailures: 0 }).where(eq(secondFactorGuards.memberId, memberId));
}
