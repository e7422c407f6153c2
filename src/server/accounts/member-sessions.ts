import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
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

/**
 * How long a confirmation (the password or an app code, asked again) lets this session change
 * the member's factors: long enough to scan a QR code and type its first code.
 */
export const CONFIRMATION_FRESH_MS = 10 * 60_000;

/** Marks this session as confirmed now (after the password or a code was asked again). */
export async function confirmSession(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<Date> {
  await db.update(memberSessions).set({ confirmedAt: now }).where(eq(memberSessions.tokenDigest, digestOf(secrets, token)));
  return new Date(now.getTime() + CONFIRMATION_FRESH_MS);
}

/** Until when this session's last confirmation lets it change factors, or null: a stolen cookie alone does not. */
export async function sessionConfirmedUntil(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<Date | null> {
  const [row] = await db.select({ at: memberSessions.confirmedAt }).from(memberSessions).where(eq(memberSessions.tokenDigest, digestOf(secrets, token))).limit(1);
  if (!row?.at || row.at.getTime() > now.getTime()) return null;
  const until = row.at.getTime() + CONFIRMATION_FRESH_MS;
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * Every session of the member but this one (a factor was enrolled: sessions opened without it
 * must sign in again with it). Returns how many were ended.
 */
export async function revokeOtherSessions(db: DbOrTx, secrets: Secrets, memberId: string, keepToken: string, now: Date): Promise<number> {
  const rows = await db.update(memberSessions).set({ revokedAt: now })
    .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt), ne(memberSessions.tokenDigest, digestOf(secrets, keepToken))))
    .returning({ d: memberSessions.tokenDigest });
  return rows.length;
}

/** A live session as its member sees it: when it began and was last used; `current` for the asking one. */
export interface SessionSummary { createdAt: Date; lastSeenAt: Date; current: boolean }

/** The member's live sessions (not revoked, not past their limits), newest first. */
export async function listLiveSessions(db: DbOrTx, secrets: Secrets, memberId: string, currentToken: string, now: Date): Promise<SessionSummary[]> {
  const rows = await db.select().from(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, now)));
  const current = digestOf(secrets, currentToken);
  return rows.filter((r) => now.getTime() - r.lastSeenAt.getTime() <= SESSION_IDLE_MS)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => ({ createdAt: r.createdAt, lastSeenAt: r.lastSeenAt, current: r.tokenDigest === current }));
}
