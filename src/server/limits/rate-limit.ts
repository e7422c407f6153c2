import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext } from '../context';
import { fail } from '../http/envelope';
import { clientAddressGroup } from './client-address';
import { hit, type RateRule } from './rate-limiter';

export const RATE_LIMITED = 'Too many requests: try again later';

/**
 * A limit on the requests `bucketOf` groups together (null: this request is not limited). Over
 * the limit: 429 in the envelope with `Retry-After`, and nothing done.
 */
export function rateLimit(ctx: AppContext, name: string, rule: RateRule | null, bucketOf: (c: Context) => string | null): MiddlewareHandler {
  return async (c, next) => {
    if (!rule) return next();
    const key = bucketOf(c);
    if (key === null) return next();
    const verdict = await hit(ctx.db, `${name}:${key}`, rule, ctx.clock.now());
    if (verdict.allowed) return next();
    c.header('Retry-After', String(verdict.retryAfterS));
    return fail(c, 429, RATE_LIMITED, { code: 'rate_limited', limit: name, retryAfterSeconds: verdict.retryAfterS });
  };
}

/** Per client address (an IPv6 client: per /64, addressGroup). */
export const byAddress = (ctx: AppContext) => (c: Context) => clientAddressGroup(c, ctx.settings.trustProxy);

const UPLOAD_PATH = /^\/api\/v1\/hosted\/(?:verifications|company-verifications)\/([^/]+)\/(?:media\/[^/]+|liveness|documents\/[^/]+|liveness\/selfie|liveness\/result)$/;

/** The verification an upload (captures, liveness evidence, company documents) goes to, else null. */
export function uploadSessionOf(c: Context): string | null {
  if (c.req.method !== 'PUT' && c.req.method !== 'POST') return null;
  return UPLOAD_PATH.exec(c.req.path)?.[1] ?? null;
}
