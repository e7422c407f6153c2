/**
 * Which database errors mean "the connection (or the server) is gone" rather than "the SQL
 * failed". Those are the only errors a query is ever retried on, and the ones the HTTP layer
 * answers with 503 instead of 500.
 */

/**
 * SQLSTATEs of a server that went away: 57P01 admin shutdown (restart, pg_terminate_backend),
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down, in recovery), and
 * the connection-exception class 08 (08P01, a protocol violation, is a bug, not an outage).
 */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

/** Socket and DNS failures of a server that is restarting, failing over or unreachable. */
const LOST_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * node-postgres and pg-pool report a dropped socket, a query on a client that already saw one,
 * and a connect that timed out by message only (no code).
 */
const LOST_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

function lostHere(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || LOST_ERRNOS.has(code))) return true;
  return typeof message === 'string' && LOST_MESSAGES.test(message);
}

/**
 * True when `err`, or anything it wraps, is a lost connection. drizzle wraps driver errors in
 * DrizzleQueryError (`cause`), pg-pool wraps its connect timeout (`cause`), and Node reports a
 * refused connect to a host with several addresses as an AggregateError (`errors`).
 */
export function isConnectionLost(err: unknown, depth = 0): boolean {
  if (depth > 8 || typeof err !== 'object' || err === null) return false;
  if (lostHere(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (isConnectionLost(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isConnectionLost(e, depth + 1));
}

/**
 * pg-pool's connectionTimeoutMillis ran out (no free connection in time, or the server did not
 * answer a connect in time): the caller has waited long enough, so this is not tried again.
 */
export function isConnectTimeout(err: unknown): boolean {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout)/.test(message);
}

/** Functions a SELECT can call that change something, so running it twice is not harmless. */
const SIDE_EFFECTS = /\b(nextval|setval|pg_advisory\w*|pg_notify|set_config|pg_terminate_backend|pg_cancel_backend|lo_\w+)\s*\(/i;

/**
 * True for a statement that only reads, so running it again after its connection died cannot
 * change anything: a SELECT (drizzle's reads all start with it) that calls no side-effecting
 * function. A CTE (`with … update …`) or anything else counts as a write.
 */
export function isPlainRead(text: string): boolean {
  return /^[\s(]*select\b/i.test(text) && !SIDE_EFFECTS.test(text);
}

/** The first statement of a transaction (drizzle sends `begin` or `begin isolation level …`). */
export function isBegin(text: string): boolean {
  return /^\s*(begin|start\s+transaction)\b/i.test(text);
}

/** `rollback` or drizzle's `rollback to savepoint spN` of a nested transaction. */
export function isRollback(text: string): boolean {
  return /^\s*rollback\b/i.test(text);
}
