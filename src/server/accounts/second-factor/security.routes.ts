import { Hono, type Context } from 'hono';
import {
  confirmIdentityBodySchema, removeFactorBodySchema, totpConfirmBodySchema, type Confirmation, type RecoveryCodes, type Security, type TotpEnrolment,
} from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { clientAddress } from '../../limits/client-address';
import { audit, auditBurst } from '../audit';
import { requireMember, type MemberEnv } from '../member-auth';
import { confirmSession, listLiveSessions, revokeOtherSessions, sessionConfirmedUntil } from '../member-sessions';
import type { MemberRow } from '../member-store';
import { getOrg } from '../org-store';
import { verifyPassword } from '../passwords';
import { signInThrottle } from '../sign-in-throttle';
import { deleteAllFactors, deleteFactor, getFactor, insertFactor, listFactors, newFactorId, pendingTotp, toFactor } from './factor-store';
import { passkeyRoutes } from './passkey.routes';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { codeTrySucceeded, markFailuresSeen, reserveCodeTry, unseenFailures } from './member-guard';
import { newTotpSecret, totpFor, useTotpCode } from './totp';

const ISSUER = 'IDV dashboard';

/**
 * A member's own second factors (`/api/dashboard/security…`): open to a member whose
 * organisation requires a factor they do not have yet, since this is where they enrol one.
 * Every change of factors needs the member to have been asked again who they are (the password
 * or an app code) in this session within the last 10 minutes, or (removal) in its own body: a
 * stolen session cookie alone can neither add a factor (locking the member out) nor read new
 * recovery codes. Enrolling a factor ends the member's other sessions.
 */
export function securityRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/security', requireMember(ctx, { enrolment: true }));
  app.use('/security/*', requireMember(ctx, { enrolment: true }));
  const actorOf = (c: Context<MemberEnv>) => ({ orgId: c.get('member').orgId, memberId: c.get('member').id, email: c.get('member').email });

  app.get('/security', async (c) => {
    const member = c.get('member');
    const confirmedUntil = await sessionConfirmedUntil(ctx.db, ctx.secrets, c.get('sessionToken'), ctx.clock.now());
    const answer: Security = {
      factors: (await listFactors(ctx.db, member.id)).map(toFactor),
      recoveryCodesLeft: await recoveryCodesLeft(ctx.db, member.id),
      orgRequiresSecondFactor: Boolean((await getOrg(ctx.db, member.orgId))?.requireSecondFactor),
      confirmedUntil: confirmedUntil?.toISOString() ?? null,
      unseenWrongCodes: await unseenFailures(ctx.db, member.id),
      sessions: (await listLiveSessions(ctx.db, ctx.secrets, member.id, c.get('sessionToken'), ctx.clock.now()))
        .map((x) => ({ createdAt: x.createdAt.toISOString(), lastSeenAt: x.lastSeenAt.toISOString(), current: x.current })),
    };
    return ok(c, 'Fetched security', answer);
  });

  // Asking again: the password or a current app code, through the same throttles as signing in.
  app.post('/security/confirm', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = confirmIdentityBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    const now = ctx.clock.now();
    const checked = await confirmIdentity(c, member, body.data, now);
    if (!checked.ok) return checked.res;
    const until = await confirmSession(ctx.db, ctx.secrets, c.get('sessionToken'), now);
    await audit(ctx.db, actorOf(c), 'member.confirmed', now, member.id, { with: 'password' in body.data ? 'password' : 'totp' });
    return ok(c, 'Confirmed', { confirmedUntil: until.toISOString() } satisfies Confirmation);
  });

  // The member has read the notice of wrong codes entered for their account.
  app.post('/security/notice/seen', async (c) => {
    await markFailuresSeen(ctx.db, c.get('member').id);
    return ok(c, 'Notice dismissed', null);
  });

  // Factor changes below need a recent confirmation of this session.
  const needsConfirmation = ['/security/totp', '/security/totp/confirm', '/security/recovery-codes', '/security/passkeys/options', '/security/passkeys', '/security/sessions/end-others'];
  for (const path of needsConfirmation) {
    app.post(path, async (c, next) => {
      if (await sessionConfirmedUntil(ctx.db, ctx.secrets, c.get('sessionToken'), ctx.clock.now())) return next();
      return fail(c, 403, 'Confirm it is you first: enter your password or a code from your app', { code: 'confirmation_required' });
    });
  }

  // Enrolment starts with a secret shown once (QR and text); it is a factor only once a code
  // from it is entered. Starting again replaces an unfinished one.
  app.post('/security/totp', async (c) => {
    const member = c.get('member');
    if ((await listFactors(ctx.db, member.id)).some((f) => f.kind === 'totp')) return fail(c, 409, 'An authenticator app is already set up', { code: 'totp_exists' });
    const old = await pendingTotp(ctx.db, member.id);
    if (old) await deleteFactor(ctx.db, old.id);
    const secret = newTotpSecret();
    const row = await insertFactor(ctx.db, { id: newFactorId(), memberId: member.id, kind: 'totp', name: 'Authenticator app', totpSecretEnc: ctx.secrets.encrypt(secret), createdAt: ctx.clock.now() });
    const answer: TotpEnrolment = { factorId: row.id, secret, uri: totpFor(secret, member.email, ISSUER).toString() };
    return ok(c, 'Authenticator app enrolment started', answer);
  });

  app.post('/security/totp/confirm', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = totpConfirmBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    const pending = await pendingTotp(ctx.db, member.id);
    if (!pending) return fail(c, 409, 'Start the authenticator app set-up first', { code: 'no_enrolment' });
    const now = ctx.clock.now();
    const first = (await listFactors(ctx.db, member.id)).length === 0;
    if (!(await useTotpCode(ctx.db, ctx.secrets, pending, body.data.code, now))) return fail(c, 400, 'This code is not right: check the app and the phone\'s clock', { code: 'wrong_code' });
    const ended = await revokeOtherSessions(ctx.db, ctx.secrets, member.id, c.get('sessionToken'), now);
    await audit(ctx.db, actorOf(c), 'second_factor.enrolled', now, member.id, { kind: 'totp', factorId: pending.id, otherSessionsEnded: ended });
    const answer: RecoveryCodes = { recoveryCodes: first ? await replaceRecoveryCodes(ctx.db, ctx.secrets, member.id, now) : null };
    return ok(c, 'Authenticator app set up', answer);
  });

  // Signing out everywhere else (a lost laptop, a shared computer), after the confirmation.
  app.post('/security/sessions/end-others', async (c) => {
    const member = c.get('member');
    const now = ctx.clock.now();
    const ended = await revokeOtherSessions(ctx.db, ctx.secrets, member.id, c.get('sessionToken'), now);
    await audit(ctx.db, actorOf(c), 'member.sessions_ended', now, member.id, { ended });
    return ok(c, 'Other sessions ended', { ended });
  });

  app.post('/security/recovery-codes', async (c) => {
    const member = c.get('member');
    if ((await listFactors(ctx.db, member.id)).length === 0) return fail(c, 409, 'Set up a second factor first', { code: 'no_second_factor' });
    const now = ctx.clock.now();
    const codes = await replaceRecoveryCodes(ctx.db, ctx.secrets, member.id, now);
    await audit(ctx.db, actorOf(c), 'recovery_codes.regenerated', now, member.id);
    return ok(c, 'New recovery codes', { recoveryCodes: codes } satisfies RecoveryCodes);
  });

  // Removing asks again (the password, or a current app code), through the sign-in throttle.
  app.post('/security/factors/:id/remove', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = removeFactorBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    const now = ctx.clock.now();
    const factor = await getFactor(ctx.db, member.id, c.req.param('id'));
    if (!factor?.confirmedAt) return fail(c, 404, 'Factor not found', { code: 'not_found' });
    const factors = await listFactors(ctx.db, member.id);
    if (factors.length === 1 && (await getOrg(ctx.db, member.orgId))?.requireSecondFactor) {
      return fail(c, 409, 'Your organisation requires a second factor: add another before removing this one', { code: 'last_factor_required' });
    }
    const checked = await confirmIdentity(c, member, body.data, now);
    if (!checked.ok) return checked.res;
    await ctx.db.transaction(async (tx) => {
      if (factors.length === 1) await deleteAllFactors(tx, member.id);
      else await deleteFactor(tx, factor.id);
      await audit(tx, actorOf(c), 'second_factor.removed', now, member.id, { kind: factor.kind, factorId: factor.id, name: factor.name });
    });
    return ok(c, 'Factor removed', null);
  });

  app.route('/security', passkeyRoutes(ctx));
  return app;

  /**
   * The password or a current app code of this member, counted like a sign-in try: per address
   * group and e-mail, and (a code) in the member's own count of wrong codes. Wrong answers are
   * one Activity row per burst.
   */
  async function confirmIdentity(c: Context<MemberEnv>, member: MemberRow, answer: { password: string } | { code: string }, now: Date): Promise<{ ok: true } | { ok: false; res: Response }> {
    const locked = (waitS: number) => {
      c.header('Retry-After', String(waitS));
      return { ok: false as const, res: fail(c, 429, 'Too many wrong attempts: try again later', { code: 'locked', retryAfterSeconds: waitS }) };
    };
    const throttle = signInThrottle(ctx.db, ctx.secrets, member.email, clientAddress(c, ctx.settings.trustProxy), now);
    const wait = await throttle.begin();
    if (wait > 0) return locked(wait);
    let right: boolean;
    if ('password' in answer) {
      right = Boolean(member.passwordHash) && (await verifyPassword(answer.password, member.passwordHash!));
    } else {
      const guard = await reserveCodeTry(ctx.db, member.id, now);
      if (!guard.ok) {
        await throttle.succeeded();
        return locked(guard.retryAfterS);
      }
      right = false;
      for (const f of (await listFactors(ctx.db, member.id)).filter((x) => x.kind === 'totp')) {
        if (await useTotpCode(ctx.db, ctx.secrets, f, answer.code, now)) { right = true; break; }
      }
      if (right) await codeTrySucceeded(ctx.db, member.id, now);
    }
    if (right) {
      await throttle.succeeded();
      return { ok: true };
    }
    const closed = await throttle.failed();
    await auditBurst(ctx.db, actorOf(c), 'member.confirm_failed', now, member.id, { with: 'password' in answer ? 'password' : 'totp' });
    if (closed) return locked(closed);
    return { ok: false, res: fail(c, 400, 'Wrong password or code', { code: 'wrong_confirmation' }) };
  }
}
