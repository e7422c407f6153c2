import { Hono, type Context } from 'hono';
import { forgotPasswordBodySchema, setPasswordBodySchema, signInBodySchema, updateMeBodySchema } from '../../contract/accounts';
import type { AppContext } from '../context';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { clientAddress } from '../limits/client-address';
import { sameOriginRequest } from './same-origin';
import { audit } from './audit';
import { meOf } from './me';
import { clearSessionCookie, requireMember, setSessionCookie, type MemberEnv } from './member-auth';
import { revokeSession } from './member-sessions';
import { findMemberByEmail, getMember, setMemberLanguage } from './member-store';
import { checkPasswordStrength, emailInputs } from './password-strength';
import { createSignInLink, peekSignInLink, RESET_LINK_TTL_MS } from './sign-in-links';
import { mailerFor } from '../mail/mailer';
import { passwordResetMail } from '../mail/member-mail';
import { hit } from '../limits/rate-limiter';
import { addressGroup } from '../limits/client-address';
import { setPasswordWithLink, signIn } from './sign-in';
import { pendingAnswer, secondFactorSignInRoutes } from './second-factor/second-factor-sign-in.routes';

/**
 * Dashboard sign-in (`/api/dashboard/auth/…`, `/api/dashboard/me`): e-mail and password, or the
 * one-time link's token with a new password; both answer `Me` and set the session cookie
 * (HttpOnly, SameSite=Strict, Secure on https). Answers are never cached.
 */
export function dashboardAuthRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  // Login CSRF: a cross-site page must not sign this browser into another account. Browsers
  // say where a request comes from (Sec-Fetch-Site, else Origin); clients without either (the
  // CLI, server scripts) are not browsers and carry no ambient cookie to abuse.
  app.use('/auth/*', async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path.endsWith('/sign-out')) return next();
    if (!sameOriginRequest(c.req.header('sec-fetch-site'), c.req.header('origin'), ctx.settings.publicUrl)) {
      return fail(c, 403, 'This change was refused: reload the page and try again', { code: 'csrf' });
    }
    return next();
  });

  async function signedIn(c: Context, member: Parameters<typeof meOf>[1], token: string) {
    setSessionCookie(c, ctx, token);
    return ok(c, 'Signed in', await meOf(ctx, member, token));
  }

  app.post('/auth/sign-in', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = signInBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const res = await signIn(ctx, body.data.email, body.data.password, clientAddress(c, ctx.settings.trustProxy));
    if (res.ok === 'pending') return pendingAnswer(c, ctx, res);
    if (res.ok) return signedIn(c, res.member, res.token);
    if (res.code === 'locked') {
      c.header('Retry-After', String(res.retryAfterS));
      return fail(c, 429, 'Too many wrong passwords: try again later', { code: 'locked', retryAfterSeconds: res.retryAfterS });
    }
    return fail(c, 401, 'Wrong e-mail or password', { code: 'wrong_credentials' });
  });

  app.post('/auth/set-password', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = setPasswordBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    // Judged before the link is used, so a refused password leaves the link valid.
    const linkMember = await peekSignInLink(ctx.db, ctx.secrets, body.data.token, ctx.clock.now());
    const member = linkMember ? await getMember(ctx.db, linkMember) : null;
    const strength = checkPasswordStrength(body.data.password, member ? emailInputs(member.email) : []);
    if (!strength.ok) {
      return fail(c, 400, 'This password is too easy to guess: use a longer phrase of uncommon words', {
        code: 'weak_password', warning: strength.warning, suggestions: strength.suggestions,
      });
    }
    const res = await setPasswordWithLink(ctx, body.data.token, body.data.password);
    if (res.ok === 'pending') return pendingAnswer(c, ctx, res);
    if (!res.ok) return fail(c, 400, 'This sign-in link is not valid any more: ask for a new one', { code: 'link_invalid' });
    return signedIn(c, res.member, res.token);
  });

  // Forgot password: a one-hour link by e-mail to the set-password page (which, for a member
  // with a second factor, still asks for it). The answer is the same for any address and comes
  // before the mail is sent, so neither its words nor its time say whether the address is a
  // member's. Five requests per address group and three per e-mail an hour.
  app.post('/auth/forgot-password', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = forgotPasswordBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const mailer = mailerFor(ctx.settings);
    if (!mailer.configured) {
      return fail(c, 409, 'This server sends no e-mail: ask an owner of your organisation for a new sign-in link', { code: 'mail_not_configured' });
    }
    const now = ctx.clock.now();
    const byAddress = await hit(ctx.db, `reset-ip:${addressGroup(clientAddress(c, ctx.settings.trustProxy))}`, { max: 5, windowS: 3600 }, now);
    const byEmail = await hit(ctx.db, `reset-email:${ctx.secrets.digest(`reset:${body.data.email}`)}`, { max: 3, windowS: 3600 }, now);
    const verdict = !byAddress.allowed ? byAddress : !byEmail.allowed ? byEmail : null;
    if (verdict && !verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterS));
      return fail(c, 429, 'Too many requests: try again later', { code: 'rate_limited', retryAfterSeconds: verdict.retryAfterS });
    }
    const member = await findMemberByEmail(ctx.db, body.data.email);
    if (member) {
      const link = await createSignInLink(ctx.db, ctx.secrets, member.id, ctx.settings.publicUrl, now, RESET_LINK_TTL_MS);
      await audit(ctx.db, { orgId: member.orgId, memberId: member.id, email: member.email }, 'password_reset.requested', now, member.id);
      void mailer.send(passwordResetMail(member.email, link, RESET_LINK_TTL_MS / 60_000, body.data.language ?? member.language ?? undefined)).then((r) => {
        if (!r.sent) ctx.logger.warn('password reset e-mail not sent', { memberId: member.id, error: r.reason === 'failed' ? r.error : r.reason });
      });
    }
    return ok(c, 'If this address belongs to a member, a link to choose a new password is on its way');
  });

  app.route('/auth/second-factor', secondFactorSignInRoutes(ctx, signedIn));

  app.use('/auth/sign-out', requireMember(ctx, { enrolment: true }));
  app.post('/auth/sign-out', async (c) => {
    const member = c.get('member');
    const now = ctx.clock.now();
    await revokeSession(ctx.db, ctx.secrets, c.get('sessionToken'), now);
    await audit(ctx.db, { orgId: member.orgId, memberId: member.id, email: member.email }, 'member.signed_out', now, member.id);
    clearSessionCookie(c, ctx);
    return ok(c, 'Signed out', null);
  });

  app.use('/me', requireMember(ctx, { enrolment: true }));
  app.get('/me', async (c) => ok(c, 'Signed in', await meOf(ctx, c.get('member'), c.get('sessionToken'))));
  // The member's own settings (every role, even before a required second factor: it opens nothing).
  app.patch('/me', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = updateMeBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    const now = ctx.clock.now();
    const row = await setMemberLanguage(ctx.db, member.id, body.data.language);
    if (!row) return fail(c, 401, 'Sign in again', { code: 'not_signed_in' });
    if (member.language !== body.data.language) {
      await audit(ctx.db, { orgId: member.orgId, memberId: member.id, email: member.email }, 'member.language_changed', now, member.id, { language: body.data.language });
    }
    return ok(c, 'Settings saved', await meOf(ctx, row, c.get('sessionToken')));
  });
  return app;
}
