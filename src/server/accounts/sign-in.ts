import { TransactionRollbackError } from 'drizzle-orm';
import type { AppContext } from '../context';
import { addressGroup } from '../limits/client-address';
import { audit, auditBurst } from './audit';
import { findMemberByEmail, getMember, isAddressHeldError, updateMember, type MemberRow } from './member-store';
import { createSession, revokeMemberSessions } from './member-sessions';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { consumeSignInLink } from './sign-in-links';
import { signInThrottle, THROTTLE_MS } from './sign-in-throttle';
import { createPendingSignIn } from './second-factor/challenges';
import { hasSecondFactor } from './second-factor/factor-store';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'clock'>;
/** `pending`: the password was right, the member has a second factor; no session yet. */
export type Pending = { ok: 'pending'; member: MemberRow; pendingToken: string; expiresAt: Date };
export type SignInResult =
  | { ok: true; member: MemberRow; token: string }
  | Pending
  | { ok: false; code: 'wrong_credentials' }
  | { ok: false; code: 'locked'; retryAfterS: number };

/** Kept for callers and tests: the throttle's window (sign-in-throttle.ts). */
export const LOCK_MS = THROTTLE_MS;

/**
 * E-mail and password from a client address. Unknown e-mails take the same path and time as
 * real ones (a decoy hash, the same throttle), so no answer tells whether an account exists.
 */
export async function signIn(ctx: Ctx, email: string, password: string, address = 'local'): Promise<SignInResult> {
  const now = ctx.clock.now();
  const throttle = signInThrottle(ctx.db, ctx.secrets, email, address, now);
  const wait = await throttle.begin();
  if (wait > 0) return { ok: false, code: 'locked', retryAfterS: wait };
  const member = await findMemberByEmail(ctx.db, email);
  // Same work as a real check: the answer's timing does not tell which e-mails exist.
  const good = (await verifyPassword(password, member?.passwordHash ?? await decoyHash())) && Boolean(member?.passwordHash);
  if (!member?.passwordHash || !good) {
    const locked = await throttle.failed();
    if (member?.passwordHash) {
      // One Activity row per burst: whoever knows the e-mail cannot flood the log.
      await auditBurst(ctx.db, { orgId: member.orgId, memberId: member.id, email: member.email }, locked ? 'member.locked' : 'member.sign_in_failed', now, member.id, { address: addressGroup(address) });
    }
    return locked ? { ok: false, code: 'locked', retryAfterS: locked } : { ok: false, code: 'wrong_credentials' };
  }
  await throttle.succeeded();
  const actor = { orgId: member.orgId, memberId: member.id, email: member.email };
  if (await hasSecondFactor(ctx.db, member.id)) {
    const pending = await createPendingSignIn(ctx.db, ctx.secrets, member.id, now);
    return { ok: 'pending', member, pendingToken: pending.token, expiresAt: pending.expiresAt };
  }
  const token = await createSession(ctx.db, ctx.secrets, member.id, now);
  await audit(ctx.db, actor, 'member.signed_in', now, member.id);
  return { ok: true, member, token };
}

/**
 * The one-time link: sets the password, ends any other session, signs in. A member with a second
 * factor is not signed in by the link: it answers a pending sign-in, so a leaked link (or an
 * operator's new one) does not get past the second factor.
 */
export async function setPasswordWithLink(ctx: Ctx, linkToken: string, password: string): Promise<{ ok: true; member: MemberRow; token: string } | Pending | { ok: false }> {
  const now = ctx.clock.now();
  const hash = await hashPassword(password);
  const result = await ctx.db.transaction(async (tx) => {
    const memberId = await consumeSignInLink(tx, ctx.secrets, linkToken, now);
    const member = memberId ? await getMember(tx, memberId) : null;
    if (!member) return null;
    // Accepting binds the address. Held by then by a member elsewhere: refused as an invalid link
    // (whoever holds the link may be the inviter), all rolled back, the link too; in a race the
    // unique index over accepted members refuses the later one (isAddressHeldError, below).
    const holder = await findMemberByEmail(tx, member.email);
    if (holder && holder.id !== member.id) tx.rollback();
    const updated = await updateMember(tx, member.id, { passwordHash: hash, failedSignIns: 0, lockedUntil: null });
    await revokeMemberSessions(tx, member.id, now);
    await audit(tx, { orgId: member.orgId, memberId: member.id, email: member.email }, 'member.password_set', now, member.id);
    if (await hasSecondFactor(tx, member.id)) {
      const pending = await createPendingSignIn(tx, ctx.secrets, member.id, now);
      return { ok: 'pending' as const, member: updated, pendingToken: pending.token, expiresAt: pending.expiresAt };
    }
    const token = await createSession(tx, ctx.secrets, member.id, now);
    return { ok: true as const, member: updated, token };
  }).catch((e: unknown) => {
    if (e instanceof TransactionRollbackError || isAddressHeldError(e)) return null;
    throw e;
  });
  return result ?? { ok: false };
}
