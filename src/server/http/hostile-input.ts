import { createMiddleware } from 'hono/factory';
import { fail } from './envelope';

/**
 * Longest URL (path and query) an API request may have. Generous on purpose: a long but clean id
 * reaches its route, which answers as for any unknown id (the spec's 400 "not found").
 */
export const URL_MAX = 16_384;
// Control characters (NUL included: PostgreSQL text cannot hold it) as raw or %-encoded bytes.
const CONTROL_ENCODED = /%(?:[01][0-9a-f]|7f)/i;
// eslint-disable-next-line no-control-regex
const CONTROL_RAW = /[\u0000-\u001f\u007f]/;

/** Why the URL is refused, or null: every part must decode as UTF-8 and carry no control character. */
export function urlProblem(rawPathAndQuery: string): string | null {
  if (rawPathAndQuery.length > URL_MAX) return 'The URL is too long';
  if (CONTROL_ENCODED.test(rawPathAndQuery) || CONTROL_RAW.test(rawPathAndQuery)) return 'The URL contains control characters';
  try {
    for (const part of rawPathAndQuery.split(/[/?&=]/)) decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return 'The URL is not valid UTF-8';
  }
  return null;
}

/**
 * API requests with a URL no route can mean (control characters, broken %-escapes, very long)
 * answer 400 in the envelope before any route, so no such value reaches the database.
 */
export const hostileUrlGuard = createMiddleware(async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const problem = urlProblem(start === -1 ? '' : url.slice(start));
  if (problem) return fail(c, 400, problem, { code: 'invalid_url' });
  return next();
});
