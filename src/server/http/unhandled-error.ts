import type { Context } from 'hono';
import { messages } from '../../contract/envelope';
import { isConnectionLost } from '../db/connection-errors';
import type { Logger } from '../lib/logger';
import { fail } from './envelope';

export const DB_UNAVAILABLE = 'Service temporarily unavailable: try again shortly';
/**
 * A restart is back within seconds and the pool reconnects on the next query, so clients are
 * asked to wait about a second; one that comes back too early gets the same answer again.
 */
export const DB_RETRY_AFTER_S = 1;

/** The innermost error (drizzle's wrapper carries the SQL and its parameters, which stay out of the log). */
function rootCause(err: unknown): { message: string; code?: unknown } {
  let e = err;
  for (let i = 0; i < 8 && e instanceof Error && e.cause instanceof Error; i++) e = e.cause;
  return e instanceof Error ? { message: e.message, code: (e as { code?: unknown }).code } : { message: String(e) };
}

/**
 * The answer to an error no route handled, always in the envelope. A database out of reach
 * (restart, failover, lost connection) is 503 with Retry-After, so clients wait and send the
 * request again: its writes rolled back with the connection, except when the COMMIT itself was
 * cut off, where they may have landed; an Idempotency-Key makes that retry safe too (its
 * claim commits in the same transaction). Anything else is a bug: 500, details only in the log.
 */
export function unhandledError(logger: Logger, err: unknown, c: Context): Response {
  if (isConnectionLost(err)) {
    logger.warn('database unavailable', { path: c.req.path, method: c.req.method, ...rootCause(err) });
    c.header('Retry-After', String(DB_RETRY_AFTER_S));
    return fail(c, 503, DB_UNAVAILABLE, { code: 'database_unavailable', retryAfterSeconds: DB_RETRY_AFTER_S });
  }
  logger.error('unhandled error', { path: c.req.path, method: c.req.method, err: String((err as Error)?.stack ?? err) });
  return fail(c, 500, messages.internal);
}
