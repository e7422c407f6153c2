import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { secondFactorChallenges } from '../../db/schema';
import type { Secrets } from '../../lib/secrets';

/** Long enough to find the phone; short enough that a stolen pending cookie soon goes stale. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
export const PASSKEY_REGISTER_MS = 5 * 60_000;
/** Answers one pending sign-in takes (right or wrong); after that the password is needed again. */
export const PENDING_MAX_ANSWERS = 5;

export type ChallengeRow = typeof secondFactorChallenges.$inferSelect;
const digestOf = (secrets: Secrets, token: string) => secrets.digest(`second-factor:${token}`);

/** A password sign-in waiting for its second factor: 256 random bits, only the digest stored. */
export async function createPendingSignIn(db: DbOrTx, secrets: Secrets, memberId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
  await db.insert(secondFactorChallenges).values({ tokenDigest: digestOf(secrets, token), memberId, purpose: 'sign_in', expiresAt, createdAt: now });
  return { token, expiresAt };
}

const live = (secrets: Secrets, token: string, purpose: ChallengeRow['purpose'], now: Date) => and(
  eq(secondFactorChallenges.tokenDigest, digestOf(secrets, token)), eq(secondFactorChallenges.purpose, purpose),
  isNull(secondFactorChallenges.usedAt), gt(secondFactorChallenges.expiresAt, now),
);

/** The pending sign-in behind a token, unused and unexpired, or null. */
export async function findPendingSignIn(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<ChallengeRow | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db.select().from(secondFactorChallenges).where(live(secrets, token, 'sign_in', now)).limit(1);
  return row ?? null;
}

/**
 * Takes one of the pending sign-in's answers before it is judged: the number of this answer
 * (1…PENDING_MAX_ANSWERS), or null when none is left (or the pending is gone). One conditional
 * update, so concurrent answers cannot all pass the check: the row lock orders them.
 */
export async function takePendingAnswer(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<number | null> {
  const rows = await db.update(secondFactorChallenges).set({ attempts: sql`${secondFactorChallenges.attempts} + 1` })
    .where(and(live(secrets, token, 'sign_in', now), lt(secondFactorChallenges.attempts, PENDING_MAX_ANSWERS)))
    .returning({ attempts: secondFactorChallenges.attempts });
  return rows[0]?.attempts ?? null;
}

/** Hands back an answer taken with takePendingAnswer that was not judged (another limit refused it). */
export async function givePendingAnswerBack(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<void> {
  await db.update(secondFactorChallenges).set({ attempts: sql`greatest(${secondFactorChallenges.attempts} - 1, 0)` })
    .where(live(secrets, token, 'sign_in', now));
}

/** Ends a pending sign-in (once, even under concurrent calls): true for the call that ended it. */
export async function consumePendingSignIn(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<boolean> {
  const rows = await db.update(secondFactorChallenges).set({ usedAt: now }).where(live(secrets, token, 'sign_in', now)).returning({ m: secondFactorChallenges.memberId });
  return rows.length === 1;
}

/** The WebAuthn challenge the pending sign-in's passkey answer must sign (a new one per ask; null once tried). */
export async function setSignInWebauthnChallenge(db: DbOrTx, secrets: Secrets, token: string, challenge: string | null, now: Date): Promise<void> {
  await db.update(secondFactorChallenges).set({ webauthnChallenge: challenge }).where(live(secrets, token, 'sign_in', now));
}

/** A passkey registration's challenge, bound to the member who asked for it. */
export async function createRegisterChallenge(db: DbOrTx, secrets: Secrets, memberId: string, challenge: string, now: Date): Promise<void> {
  await db.insert(secondFactorChallenges).values({
    tokenDigest: digestOf(secrets, `register:${challenge}`), memberId, purpose: 'passkey_register', webauthnChallenge: challenge,
    expiresAt: new Date(now.getTime() + PASSKEY_REGISTER_MS), createdAt: now,
  });
}

/** Uses the member's registration challenge once; false if unknown, used, expired or someone else's. */
export async function consumeRegisterChallenge(db: DbOrTx, secrets: Secrets, memberId: string, challenge: string, now: Date): Promise<boolean> {
  const rows = await db.update(secondFactorChallenges).set({ usedAt: now })
    .where(and(live(secrets, `register:${challenge}`, 'passkey_register', now), eq(secondFactorChallenges.memberId, memberId)))
    .returning({ m: secondFactorChallenges.memberId });
  return rows.length === 1;
}

/** Challenges past their expiry are of no use to anyone: the expiry sweeper drops them. */
export async function sweepSecondFactorChallenges(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, now)).returning({ d: secondFactorChallenges.tokenDigest });
  return rows.length;
}
