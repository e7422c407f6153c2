import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { signInLinks } from '../db/schema';
import type { Secrets } from '../lib/secrets';

/** One-time links are valid for 7 days; the token (256 random bits) is only ever shown once. */
export const SIGN_IN_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

/** A password reset's link is short-lived: it arrives by e-mail, which may be read elsewhere later. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** A new link for the member (7 days, or `ttlMs`); earlier unused ones stay valid until used or expired. */
export async function createSignInLink(db: DbOrTx, secrets: Secrets, memberId: string, publicUrl: string, now: Date, ttlMs = SIGN_IN_LINK_TTL_MS): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(signInLinks).values({
    tokenDigest: secrets.digest(`signin:${token}`), memberId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs),
  });
  // In the fragment: never sent to a server, never in an access log or a Referer header.
  return `${publicUrl}/dashboard/set-password#token=${token}`;
}

/** Marks the link used (once, even under concurrent calls) and returns its member id. */
export async function consumeSignInLink(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<string | null> {
  const [row] = await db.update(signInLinks).set({ usedAt: now })
    .where(and(eq(signInLinks.tokenDigest, secrets.digest(`signin:${token}`)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning();
  return row?.memberId ?? null;
}

/** The member id of a valid, unused link, without using it (to judge a new password first). */
export async function peekSignInLink(db: DbOrTx, secrets: Secrets, token: string, now: Date): Promise<string | null> {
  const [row] = await db.select({ memberId: signInLinks.memberId }).from(signInLinks)
    .where(and(eq(signInLinks.tokenDigest, secrets.digest(`signin:${token}`)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now))).limit(1);
  return row?.memberId ?? null;
}
