import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messages } from '../../contract/envelope';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/types';
import { idempotencyKeys } from '../db/schema';
import { fail } from './envelope';

/** How long a stored first response is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/; // printable ASCII, no spaces

/** Thrown inside the transaction to roll back the claim when the handler did not succeed. */
class NotStored extends Error {
  constructor(readonly res: Response) { super('not stored'); }
}

export function requestHash(method: string, path: string, rawBody: string): string {
  return createHash('sha256').update(`${method}\n${path}\n`).update(rawBody).digest('hex');
}

/**
 * `Idempotency-Key` on POST (scoped per API key): the first 200 response for a key is stored
 * with a hash of method, path and raw body; within 24 h the same request gets that response
 * again, byte for byte (header `Idempotent-Replayed: true`), and a different request gets 400.
 * Older records are taken over as if new. The stored body is encrypted (AES-256-GCM). Only successes are stored (like Stripe's: a 400 for,
 * e.g., an unpublished campaign may succeed on a retry once the campaign is published).
 *
 * Exactly once: the claim row is inserted first, in the same transaction as the handler's
 * writes. A concurrent duplicate blocks on the primary key until the first commits, then sees
 * the stored response (PostgreSQL); PGlite runs transactions one at a time anyway. If the
 * handler fails, the claim rolls back with its writes. Without the header, no transaction.
 */
export async function withIdempotency(
  ctx: AppContext, c: Context, apiKeyId: string, rawBody: string,
  run: (db: DbOrTx) => Promise<Response>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return run(ctx.db);
  if (!KEY_PATTERN.test(key)) {
    return fail(c, 400, messages.invalidBody, {
      issues: [{ path: 'Idempotency-Key', message: `must be 1-${IDEMPOTENCY_KEY_MAX} printable ASCII characters` }],
    });
  }
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const hash = requestHash(c.req.method, c.req.path, rawBody);
  const where = and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key));
  const claim = { method: c.req.method, path: c.req.path, requestHash: hash, responseStatus: 0, responseBody: '', createdAt: now };
  try {
    return await ctx.db.transaction(async (tx) => {
      const claimed = await tx.insert(idempotencyKeys).values({ apiKeyId, key, ...claim })
        .onConflictDoUpdate({ target: [idempotencyKeys.apiKeyId, idempotencyKeys.key], set: claim, setWhere: lt(idempotencyKeys.createdAt, cutoff) })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [prev] = await tx.select().from(idempotencyKeys).where(where).limit(1);
        if (!prev || prev.requestHash !== hash || prev.responseStatus === 0) {
          return fail(c, 400, messages.idempotencyMismatch);
        }
        return c.body(ctx.secrets.decrypt(prev.responseBody), prev.responseStatus as ContentfulStatusCode, {
          'Content-Type': 'application/json',
          'Idempotent-Replayed': 'true',
        });
      }
      const res = await run(tx);
      if (res.status !== 200) throw new NotStored(res);
      // Encrypted at rest: a company create's response holds the hostedToken, which is
      // otherwise never stored in clear.
      const sealed = ctx.secrets.encrypt(await res.clone().text());
      await tx.update(idempotencyKeys).set({ responseStatus: res.status, responseBody: sealed }).where(where);
      return res;
    });
  } catch (e) {
    if (e instanceof NotStored) return e.res;
    throw e;
  }
}
