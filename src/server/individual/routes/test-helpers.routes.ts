import { Hono } from 'hono';
import { messages } from '../../../contract/envelope';
import { plausibleVerificationId } from '../../../contract/ids';
import { testOutcomeBodySchema } from '../../../contract/hosted-individual';
import { toIndividualRecord, type RecordDeps } from '../record';
import { setTestOutcome } from '../review';
import type { AppContext } from '../../context';
import { requireApiKey, type ApiEnv } from '../../http/auth';
import { fail, notFound, ok, readJsonBody, validationError } from '../../http/envelope';
import { createMediaSigner } from '../../media/signed-url';
import { createMiddleware } from 'hono/factory';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { verifications } from '../../db/schema';
import { expirableIndividualStatuses, expireIndividuals } from '../expiry';

export const TEST_KEY_REQUIRED = 'Test helpers accept test keys only';

/**
 * Test helpers for integrators (`/api/v1/test/…`): x-api-key of a TEST key. A live key is
 * authenticated but refused with 400 and `error.code` `test_key_required` (the spec's codes are
 * 400 and 401; 401 would wrongly say the key is bad). Company helpers live in
 * test-helpers-company.routes.ts, mounted on the same prefix.
 */
export function testHelperRoutes(ctx: AppContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const testKeyOnly = createMiddleware<ApiEnv>(async (c, next) => {
    if (c.get('apiKey').mode !== 'test') return fail(c, 400, TEST_KEY_REQUIRED, { code: 'test_key_required' });
    await next();
  });
  // Path-specific: a '*' would also catch the company helpers mounted on /api/v1/test.
  app.use('/verifications/*', requireApiKey(ctx), testKeyOnly);
  const signer = createMediaSigner(ctx);
  const recordDeps: RecordDeps = { hostedUrl: ctx.settings.hostedUrl, mediaUrl: (k) => signer.url(k) };

  /**
   * Forces the outcome of a test session: applied now when it is submitted and undecided,
   * otherwise kept and applied at submit. Answers the record and whether it was applied.
   */
  app.post('/verifications/:id/outcome', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = testOutcomeBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    // An implausible id is unknown without a query (after the body check, as before).
    const id = plausibleVerificationId(c.req.param('id'));
    const res = id ? await setTestOutcome(ctx, c.get('apiKey').id, id, body.data) : { ok: false as const, code: 'not_found' as const };
    if (!res.ok) {
      if (res.code === 'not_found') return notFound(c);
      return fail(c, 400, messages.invalidTransition, { code: 'closed' });
    }
    return ok(c, res.applied ? 'Outcome applied' : 'Outcome stored; applied at submit', {
      applied: res.applied,
      outcome: body.data.outcome,
      verification: toIndividualRecord(res.row, recordDeps),
    });
  });

  /**
   * Ends a test session's lifetime now, as 7 days passing would: `not started` → cancelled,
   * `started` → abandoned (decision `expired`), so integrators can see the expired-link screen.
   */
  app.post('/verifications/:id/expire', async (c) => {
    const now = ctx.clock.now();
    const id = plausibleVerificationId(c.req.param('id'));
    if (!id) return notFound(c);
    const owned = and(eq(verifications.id, id), eq(verifications.apiKeyId, c.get('apiKey').id), isNull(verifications.deletedAt));
    const [row] = await ctx.db.select({ status: verifications.status }).from(verifications).where(owned).limit(1);
    if (!row) return notFound(c);
    // Only open sessions move; a closed one keeps its lifetime untouched.
    const open = and(owned, inArray(verifications.status, [...expirableIndividualStatuses]));
    const moved = await ctx.db.update(verifications).set({ expiresAt: now }).where(open).returning({ id: verifications.id });
    const [expired] = moved.length ? await expireIndividuals(ctx.db, now, { id }) : [];
    if (!expired) return fail(c, 400, messages.invalidTransition, { code: 'closed' });
    return ok(c, 'Verification expired', toIndividualRecord(expired, recordDeps));
  });

  return app;
}
