import { createMiddleware } from 'hono/factory';
import type { ApiKeyRow } from '../keys/api-keys';
import type { AppContext } from '../context';
import { unauthorized } from './envelope';

export type ApiEnv = { Variables: { apiKey: ApiKeyRow } };

/** `x-api-key` authentication: a missing, unknown or revoked key gets the same 401. */
export function requireApiKey(ctx: AppContext) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const key = c.req.header('x-api-key');
    if (!key) return unauthorized(c);
    const row = await ctx.keyCache.find(key);
    if (!row) return unauthorized(c);
    c.set('apiKey', row);
    await next();
  });
}
