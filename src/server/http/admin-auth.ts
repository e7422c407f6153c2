import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context';
import { safeEqual } from '../lib/secrets';
import { unauthorized } from './envelope';

/** Admin API: `Authorization: Bearer <admin token>` compared in constant time. */
export function requireAdmin(ctx: AppContext) {
  return createMiddleware(async (c, next) => {
    const h = c.req.header('authorization') ?? '';
    const token = h.startsWith('Bearer ') ? h.slice(7) : '';
    if (!token || !safeEqual(token, ctx.adminToken)) return unauthorized(c);
    await next();
  });
}
