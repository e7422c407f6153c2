import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../../context';
import { PENDING_SIGN_IN_MS } from './challenges';

// The pending sign-in lives in an HttpOnly cookie like the session: nothing for page scripts to
// read or keep. `__Host-` on https (Secure, Path=/, no Domain), as the session cookie.
const https = (ctx: AppContext) => ctx.settings.publicUrl.startsWith('https:');
export const pendingCookieName = (ctx: AppContext) => (https(ctx) ? '__Host-idv_pending' : 'idv_pending');

export function setPendingCookie(c: Context, ctx: AppContext, token: string) {
  setCookie(c, pendingCookieName(ctx), token, { httpOnly: true, sameSite: 'Strict', secure: https(ctx), path: '/', maxAge: PENDING_SIGN_IN_MS / 1000 });
}
export const readPendingCookie = (c: Context, ctx: AppContext) => getCookie(c, pendingCookieName(ctx)) ?? '';
export function clearPendingCookie(c: Context, ctx: AppContext) {
  deleteCookie(c, pendingCookieName(ctx), { path: '/', secure: https(ctx) });
}
