import type { AppContext } from '../context';
import { audit } from './audit';
import { findMemberByEmail, getMember, updateMember, type MemberRow } from './member-store';
import { createSession, revokeMemberSessions } from './member-sessions';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { consumeSignInLink } from './sign-in-links';

/** Five wrong passwords in a row lock the account for 15 minutes (a right one then waits too). */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'clock'>;
export type SignInResult =
  | { ok: true; member: MemberRow; token: string }
  | { ok: false; code: 'wrong_credentials' }
  | { ok: false; code: 'locked'; retryAfterS: number };

export async function signIn(ctx: Ctx, email: string, password: string): Promise<SignInResult> {
  const now = ctx.clock.now();
  const member = await findMemberByEmail(ctx.db, email);
  if (!member?.passwordHash) {
    // Same work as a real check: the answer's timing does not tell which e-mails exist.
    await verifyPassword(password, await decoyHash());
    return { ok: false, code: 'wrong_credentials' };
  }
  if (member.lockedUntil && member.lockedUntil > now) {
    return { ok: false, code: 'locked', retryAfterS: Math.ceil((member.lockedUntil.getTime() - now.getTime()) / 1000) };
  }
  const actor = { orgId: member.orgId, memberId: member.id, email: member.email };
  if (!(await verifyPassword(password, member.passwordHash))) {
    const failures = member.failedSignIns + 1;
    const lock = failures >= LOCK_AFTER_FAILURES;
    await updateMember(ctx.db, member.id, { failedSignIns: lock ? 0 : failures, lockedUntil: lock ? new Date(now.getTime() + LOCK_MS) : member.lockedUntil });
    await audit(ctx.db, actor, lock ? 'member.locked' : 'member.sign_in_failed', now, member.id);
    return lock ? { ok: false, code: 'locked', retryAfterS: LOCK_MS / 1000 } : { ok: false, code: 'wrong_credentials' };
  }
  const fresh = await updateMember(ctx.db, member.id, { failedSignIns: 0, lockedUntil: null });
  const token = await createSession(ctx.db, ctx.secrets, member.id, now);
  await audit(ctx.db, actor, 'member.signed_in', now, member.id);
  return { ok: true, member: fresh, token };
}

/** The one-time link: sets the password, ends any other session, signs in. */
export async function setPasswordWithLink(ctx: Ctx, linkToken: string, password: string): Promise<{ ok: true; member: MemberRow; token: string } | { ok: false }> {
  const now = ctx.clock.now();
  const hash = await hashPassword(password);
  const result = await ctx.db.transaction(async (tx) => {
    const memberId = await consumeSignInLink(tx, ctx.secrets, linkToken, now);
    const member = memberId ? await getMember(tx, memberId) : null;
    if (!member) return null;
    const updated = await updateMember(tx, member.id, { passwordHash: hash, failedSignIns: 0, lockedUntil: null });
    await revokeMemberSessions(tx, member.id, now);
    const token = await createSession(tx, ctx.secrets, member.id, now);
    await audit(tx, { orgId: member.orgId, memberId: member.id, email: member.email }, 'member.password_set', now, member.id);
    return { member: updated, token };
  });
  return result ? { ok: true, ...result } : { ok: false };
}
