import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { roleAbilities } from '../../contract/accounts';
import type { AppContext } from '../context';
import { fail } from '../http/envelope';
import { safeEqual } from '../lib/secrets';
import { getMember, type MemberRow } from './member-store';
import { getOrg } from './org-store';
import { hasSecondFactor } from './second-factor/factor-store';
import { csrfTokenFor, resolveSession, SESSION_MAX_MS } from './member-sessions';

export type MemberEnv = { Variables: { member: MemberRow; sessionToken: string } };
export type Ability = keyof (typeof roleAbilities)['owner'];

/** `__Host-` (Secure, Path=/, no Domain) when the service is served over https. */
export const sessionCookieName = (ctx: AppContext) => (ctx.settings.publicUrl.startsWith('https:') ? '__Host-idv_session' : 'idv_session');

export function setSessionCookie(c: Context, ctx: AppContext, token: string) {
  setCookie(c, sessionCookieName(ctx), token, {
    httpOnly: true, sameSite: 'Strict', secure: ctx.settings.publicUrl.startsWith('https:'), path: '/', maxAge: SESSION_MAX_MS / 1000,
  });
}
export function clearSessionCookie(c: Context, ctx: AppContext) {
  deleteCookie(c, sessionCookieName(ctx), { path: '/', secure: ctx.settings.publicUrl.startsWith('https:') });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Dashboard API: a live session cookie of a current member; every change (not GET/HEAD) also
 * carries the session's CSRF token in `x-csrf-token` (SameSite=Strict is the first guard, the
 * token the second). 401 `not_signed_in`, 403 `csrf`. Where the organisation requires a second
 * factor, a member without one gets 403 `second_factor_required` everywhere but the routes that
 * let them enrol one (`enrolment`: me, sign-out, security).
 */
export function requireMember(ctx: AppContext, opts: { enrolment?: boolean } = {}) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    const token = getCookie(c, sessionCookieName(ctx)) ?? '';
    const now = ctx.clock.now();
    const memberId = token ? await resolveSession(ctx.db, ctx.secrets, token, now) : null;
    const member = memberId ? await getMember(ctx.db, memberId) : null;
    if (!member) return fail(c, 401, 'Sign in to continue', { code: 'not_signed_in' });
    if (!SAFE_METHODS.has(c.req.method) && !safeEqual(c.req.header('x-csrf-token') ?? '', csrfTokenFor(ctx.secrets, token))) {
      return fail(c, 403, 'This change was refused: reload the page and try again', { code: 'csrf' });
    }
    if (!opts.enrolment && (await getOrg(ctx.db, member.orgId))?.requireSecondFactor && !(await hasSecondFactor(ctx.db, member.id))) {
      return fail(c, 403, 'Your organisation requires a second factor: set one up under Security first', { code: 'second_factor_required' });
    }
    c.set('member', member);
    c.set('sessionToken', token);
    await next();
  });
}

/** 403 `forbidden` unless the member's role has the ability (after requireMember). */
export function requireAbility(ability: Ability) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (!roleAbilities[c.get('member').role][ability]) return fail(c, 403, 'Your role does not allow this', { code: 'forbidden' });
    await next();
  });
}
