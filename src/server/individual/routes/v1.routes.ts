import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { plausibleVerificationId, type VerificationId } from '../../../contract/ids';
import { Hono, type Context } from 'hono';
import { messages } from '../../../contract/envelope';
import { createIndividualBodySchema, individualListQuerySchema } from '../../../contract/individual';
import { individualStatusCodes, isConclusive, type IndividualStatus } from '../../../contract/statuses';
import { INDIVIDUAL_SESSION_TTL_MS } from '../../../contract/statuses';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/types';
import { verifications } from '../../db/schema';
import { expiredIndividual, expireIndividuals, isIndividualExpired } from '../expiry';
import { createIndividualBatches, type FoundVerification, type NewIndividual } from '../batch';
import { individualLink, toIndividualRecord, toIndividualSummary } from '../record';
import { requireApiKey, type ApiEnv } from '../../http/auth';
import { fail, notFound, ok, okList, pageMeta, readJsonBody, validationError } from '../../http/envelope';
import { withIdempotency } from '../../http/idempotency';
import { eraseMedia } from '../../retention/erase-media';
import { newVerificationId } from '../../lib/ids';
import { createMediaSigner } from '../../media/signed-url';
import { observeOutcome } from '../flow-analytics';

/**
 * Statuses the customer may cancel from. The spec allows cancel before a successful or failed
 * outcome; we also refuse it on `abandoned` and `cancelled` (already conclusive, the link is
 * closed): 400 "invalid transition" with the current status in `error`, no change made.
 */
const cancellable = ['not started', 'started', 'completed'] as const satisfies readonly IndividualStatus[];
export const CANCEL_REASON = 'Cancelled by the customer';
/** Path ids are 32 hex characters; anything far longer is not worth a query. */

/**
 * Customer API v1, individual verifications (spec: Endpoints). Every route needs `x-api-key`
 * and sees only its key's records; deleted records answer like unknown ones. Expiry is applied
 * before answering (see domain/individual-expiry.ts), so a due session never reads as open.
 *
 * A company representative's liveness check is also a row of `verifications` (same key,
 * `companyVerificationId` set). It can be fetched by the `livenessVerificationId` its company
 * record shows, but it is not one of the customer's sessions: the list leaves it out, and
 * cancel and delete answer "not found" (the company flow owns its lifecycle).
 */
export function v1IndividualRoutes(ctx: AppContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const auth = requireApiKey(ctx);
  // Path-specific: a '*' here would also guard /api/v1/hosted (see app.ts).
  app.use('/verifications', auth);
  app.use('/verifications/*', auth);
  const signer = createMediaSigner(ctx);
  const recordDeps = { hostedUrl: ctx.settings.hostedUrl, mediaUrl: (k: string) => signer.url(k) };

  const batches = createIndividualBatches(ctx);
  /** Inside an idempotency transaction the insert must run on `tx`, so unbatched there. */
  const insert = (db: DbOrTx, v: NewIndividual) =>
    (db === ctx.db ? batches.insert(v) : db.insert(verifications).values({ ...v, updatedAt: v.createdAt }));

  /** The caller's live (not deleted) record, with expiry applied; null when not visible. */
  async function findOwn(c: Context<ApiEnv>, id: VerificationId): Promise<FoundVerification | null> {
    const row = await batches.find(id, c.get('apiKey').id);
    if (!row) return null;
    if (!isIndividualExpired(row, ctx.clock.now())) return row;
    const [updated] = await expireIndividuals(ctx.db, ctx.clock.now(), { id: row.id });
    // Nothing updated: someone else expired it first; the pure form gives the same result.
    return updated ?? expiredIndividual(row);
  }
  /** The record the route's `:id` names; an implausible id is unknown without a query. */
  const findParam = (c: Context<ApiEnv>) => {
    const id = plausibleVerificationId(c.req.param('id') ?? '');
    return id ? findOwn(c, id) : Promise.resolve(null);
  };

  app.post('/verifications', async (c) => {
    const raw = await c.req.text();
    const parsedJson = await readJsonBody(c);
    if (!parsedJson.ok) return parsedJson.res;
    const parsed = createIndividualBodySchema.safeParse(parsedJson.value);
    if (!parsed.success) return validationError(c, parsed.error);
    const body = parsed.data;
    const key = c.get('apiKey');
    return withIdempotency(ctx, c, key.id, raw, async (db) => {
      const now = ctx.clock.now();
      const id = newVerificationId();
      const expiresAt = new Date(now.getTime() + INDIVIDUAL_SESSION_TTL_MS);
      await insert(db, {
        id,
        apiKeyId: key.id,
        status: 'not started',
        statusCode: individualStatusCodes['not started'],
        vendorData: body.vendorData ?? '',
        userMeta: body.meta ?? {},
        // Live sessions are decided by a specialist; test sessions by the automated pipeline.
        verificationMethod: key.mode === 'live' ? 'manual' : 'auto',
        redirect: body.redirect ?? null,
        expiresAt,
        createdAt: now,
      });
      return ok(c, messages.createdIndividual, {
        verificationId: id,
        link: individualLink(ctx.settings.hostedUrl, id),
        status: 'not started',
        statusCode: individualStatusCodes['not started'],
        expiresAt: expiresAt.toISOString(),
      });
    });
  });

  app.get('/verifications', async (c) => {
    const q = individualListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const { page, limit, status } = q.data;
    const keyId = c.get('apiKey').id;
    await expireIndividuals(ctx.db, ctx.clock.now(), { apiKeyId: keyId });
    const conds: SQL[] = [eq(verifications.apiKeyId, keyId), isNull(verifications.deletedAt), isNull(verifications.companyVerificationId)];
    if (status) conds.push(eq(verifications.status, status));
    // count(*) over () gives the total with the page in one query; a page past the end has
    // no rows to carry it, so only then a separate count.
    const rows = await ctx.db.select({ row: verifications, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(verifications).where(and(...conds))
      .orderBy(desc(verifications.updatedAt), desc(verifications.id))
      .limit(limit).offset((page - 1) * limit);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [cnt] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(verifications).where(and(...conds));
      total = cnt?.n ?? 0;
    }
    return okList(c, messages.fetchedIndividuals, rows.map((r) => toIndividualRecord(r.row, recordDeps)), pageMeta(total, page, limit));
  });

  app.get('/verifications/:id', async (c) => {
    const row = await findParam(c);
    if (!row) return notFound(c);
    return ok(c, messages.fetchedSingle, toIndividualRecord(row, recordDeps));
  });

  app.patch('/verifications/:id/cancel', async (c) => {
    const row = await findParam(c);
    if (!row || row.companyVerificationId) return notFound(c);
    if (isConclusive(row.status as IndividualStatus)) return invalidTransition(c, row.status);
    const now = ctx.clock.now();
    // Status guard in the WHERE: a decision landing meanwhile wins, and we answer 400.
    const [updated] = await ctx.db.update(verifications)
      .set({ status: 'cancelled', statusCode: individualStatusCodes.cancelled, reason: CANCEL_REASON, updatedAt: now })
      .where(and(eq(verifications.id, row.id), isNull(verifications.deletedAt), inArray(verifications.status, [...cancellable])))
      .returning();
    if (!updated) {
      const current = await findOwn(c, row.id);
      return current ? invalidTransition(c, current.status) : notFound(c);
    }
    await observeOutcome(ctx.db, updated);
    return ok(c, messages.cancelled, toIndividualSummary(updated));
  });

  app.delete('/verifications/:id', async (c) => {
    const id = plausibleVerificationId(c.req.param('id'));
    if (!id) return notFound(c);
    // Soft delete: status and updatedAt untouched; every read filters deletedAt.
    const [deleted] = await ctx.db.update(verifications).set({ deletedAt: ctx.clock.now() })
      .where(and(
        eq(verifications.id, id), eq(verifications.apiKeyId, c.get('apiKey').id),
        isNull(verifications.deletedAt), isNull(verifications.companyVerificationId),
      ))
      .returning({ id: verifications.id });
    if (!deleted) return notFound(c);
    // Retention: a deleted session's files go at once (the sweeper retries what fails here).
    await eraseMedia(ctx, 'individual', deleted.id).catch((err: unknown) => ctx.logger.warn('media of a deleted session not erased yet', { subjectId: deleted.id, err: String(err) }));
    return ok(c, messages.deleted);
  });

  return app;
}

function invalidTransition(c: Context, status: string) {
  return fail(c, 400, messages.invalidTransition, { status, allowedFrom: [...cancellable] });
}
