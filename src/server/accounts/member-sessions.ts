import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { memberSessions } from '../db/schema';
import type { Secrets } from '../lib/secrets';

/** A session ends after 12 h without use or 7 days after sign-in, whichever comes first. */
export const SESSION_IDLE_MS = 12 * 3600 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 3600 * 1000;
/** lastSeenAt is written at most once a minute (reads stay reads). */
const TOUCH_MS = 60_000;

const digestOf = (secrets: Secrets, token: string) => secrets.digest(`session:${token}`);

/** The CSRF token of a session: derived from it, so nothing more is stored; sent back in `x-csrf-token`. */
export const csrfTokenFor = (secrets: Secrets, sessionToken: string) => secrets.digest(`csrf:${sessionToken}`);

export async function createSession(db: DbOrTx, secrets: Secrets, memberId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(memberSessions).values({
    tokenDigest: digestOf(secrets, token), memberId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
  });
  return token;
}

/** The member id of a live session (touching it), or null. */
export async function resolveSession(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<string | null> {
  if (token.length < 20 || token.length > 100) return null;
  const digest = digestOf(secrets, token);
  const [row] = await db.select().from(memberSessions)
    .where(and(eq(memberSessions.tokenDigest, digest), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, now))).limit(1);
  if (!row || now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_MS) {
    await db.update(memberSessions).set({ lastSeenAt: now }).where(eq(memberSessions.tokenDigest, digest));
  }
  return row.memberId;
}

export async function revokeSession(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<void> {
  await db.update(memberSessions).set({ revokedAt: now }).where(eq(memberSessions.tokenDigest, digestOf(secrets, token)));
}

/** Every session of a member (removed from the team, password changed). */
export async function revokeMemberSessions(db: DbOrTx, memberId: string, now: Date): Promise<void> {
  await db.update(memberSessions).set({ revokedAt: now }).where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)));
}
