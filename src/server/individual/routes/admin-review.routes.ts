import { Hono } from 'hono';
import { adminReviewListQuerySchema } from '../../../contract/admin';
import { messages } from '../../../contract/envelope';
import { plausibleVerificationId } from '../../../contract/ids';
import { reviewDecisionBodySchema } from '../../../contract/hosted-individual';
import type { AppContext } from '../../context';
import { toIndividualRecord, type RecordDeps } from '../record';
import { decideReview, listReviews } from '../review';
import { fail, ok, okList, pageMeta, readJsonBody, validationError } from '../../http/envelope';
import { createMediaSigner } from '../../media/signed-url';

/**
 * Specialist review of live individual sessions (`idv review …`), under /api/admin behind the
 * admin token (app.ts). Deciding a session that is not waiting for review is 409 `not_in_review`.
 */
export function adminReviewRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const signer = createMediaSigner(ctx);
  const recordDeps: RecordDeps = { hostedUrl: ctx.settings.hostedUrl, mediaUrl: (k) => signer.url(k) };

  app.get('/reviews', async (c) => {
    const q = adminReviewListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const { items, total } = await listReviews(ctx.db, q.data.page, q.data.limit);
    return okList(c, 'Fetched reviews', items, pageMeta(total, q.data.page, q.data.limit));
  });

  app.post('/reviews/:id/decide', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = reviewDecisionBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    // An implausible id is unknown without a query (after the body check, as before).
    const id = plausibleVerificationId(c.req.param('id'));
    const res = id ? await decideReview(ctx, id, body.data) : { ok: false as const, code: 'not_found' as const };
    if (!res.ok) {
      if (res.code === 'not_found') return fail(c, 404, messages.notFound, { code: 'not_found' });
      return fail(c, 409, 'Verification is not waiting for review', { code: 'not_in_review', status: res.status, decision: res.decision });
    }
    return ok(c, 'Review decided', toIndividualRecord(res.row, recordDeps));
  });

  return app;
}
