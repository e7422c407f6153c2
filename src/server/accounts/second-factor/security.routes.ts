import { Hono, type Context } from 'hono';
import { removeFactorBodySchema, totpConfirmBodySchema, type RecoveryCodes, type Security, type TotpEnrolment } from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { clientAddress } from '../../limits/client-address';
import { audit } from '../audit';
import { requireMember, type MemberEnv } from '../member-auth';
import { getOrg } from '../org-store';
import { verifyPassword } from '../passwords';
import { signInThrottle } from '../sign-in-throttle';
import { deleteAllFactors, deleteFactor, getFactor, insertFactor, listFactors, newFactorId, pendingTotp, toFactor } from './factor-store';
import { passkeyRoutes } from './passkey.routes';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { newTotpSecret, totpFor, useTotpCode } from './totp';

const ISSUER = 'IDV dashboard';

/**
 * A member's own second factors (`/api/dashboard/security…`): open to a member whose
 * organisation requires a factor they do not have yet, since this is where they enrol one.
 */
export function securityRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/security', requireMember(ctx, { enrolment: true }));
  app.use('/security/*', requireMember(ctx, { enrolment: true }));
  const actorOf = (c: Context<MemberEnv>) => ({ orgId: c.get('member').orgId, memberId: c.get('member').id, email: c.get('member').email });

  app.get('/security', async (c) => {
    const member = c.get('member');
    const answer: Security = {
      factors: (await listFactors(ctx.db, member.id)).map(toFactor),
      recoveryCodesLeft: await recoveryCodesLeft(ctx.db, member.id),
      orgRequiresSecondFactor: Boolean((await getOrg(ctx.db, member.orgId))?.requireSecondFactor),
    };
    return ok(c, 'Fetched security', answer);
  });

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
    await audit(ctx.db, actorOf(c), 'second_factor.enrolled', now, member.id, { kind: 'totp', factorId: pending.id });
    const answer: RecoveryCodes = { recoveryCodes: first ? await replaceRecoveryCodes(ctx.db, ctx.secrets, member.id, now) : null };
    return ok(c, 'Authenticator app set up', answer);
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
    const throttle = signInThrottle(ctx.db, ctx.secrets, member.email, clientAddress(c, ctx.settings.trustProxy), now);
    const wait = await throttle.waitS();
    if (wait > 0) return fail(c, 429, 'Too many wrong attempts: try again later', { code: 'locked', retryAfterSeconds: wait });
    const confirmed = 'password' in body.data
      ? Boolean(member.passwordHash) && (await verifyPassword(body.data.password, member.passwordHash!))
      : await confirmWithApp(factors, body.data.code);
    if (!confirmed) {
      const locked = await throttle.failed();
      return locked ? fail(c, 429, 'Too many wrong attempts: try again later', { code: 'locked', retryAfterSeconds: locked })
        : fail(c, 400, 'Wrong password or code', { code: 'wrong_confirmation' });
    }
    await ctx.db.transaction(async (tx) => {
      if (factors.length === 1) await deleteAllFactors(tx, member.id);
      else await deleteFactor(tx, factor.id);
      await audit(tx, actorOf(c), 'second_factor.removed', now, member.id, { kind: factor.kind, factorId: factor.id, name: factor.name });
    });
    return ok(c, 'Factor removed', null);

    async function confirmWithApp(all: typeof factors, code: string) {
      for (const f of all.filter((x) => x.kind === 'totp')) if (await useTotpCode(ctx.db, ctx.secrets, f, code, now)) return true;
      return false;
    }
  });

  app.route('/security', passkeyRoutes(ctx));
  return app;
}
