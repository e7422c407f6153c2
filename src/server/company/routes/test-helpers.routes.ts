import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '../../../contract/envelope';
import { companyDecisionBodySchema } from '../../../contract/hosted-company';
import { decisionRefusal } from '../review';
import type { AppContext } from '../../context';
import { toCompanyRecord } from '../record';
import { decideCompany, startReview, type ReviewResult } from '../review';
import { requireApiKey, type ApiEnv } from '../../http/auth';
import { fail, notFound, ok, readJsonBody, validationError } from '../../http/envelope';
import { createMediaSigner } from '../../media/signed-url';

/** Same wording and code as the individual test helpers. */
const TEST_KEY_REQUIRED = 'Test helpers accept test keys only';

/**
 * Customer test helpers for company verifications (mounted at /api/v1/test): the spec's
 * "test company verifications can be moved through review states from the customer dashboard".
 * x-api-key of a TEST key, the key's own verifications only (internal or public id); the moves,
 * audit entries and events are the operator's. A live key gets 400 `test_key_required`.
 */
export function testHelperCompanyRoutes(ctx: AppContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const testKeyOnly = createMiddleware<ApiEnv>(async (c, next) => {
    if (c.get('apiKey').mode !== 'test') return fail(c, 400, TEST_KEY_REQUIRED, { code: 'test_key_required' });
    await next();
  });
  // Path-specific: a '*' would also catch the other helpers on /api/v1/test.
  app.use('/company-verifications/*', requireApiKey(ctx), testKeyOnly);
  const signer = createMediaSigner(ctx);

  const answer = (c: Context<ApiEnv>, res: ReviewResult, message: string) => {
    if (!res.ok && res.kind === 'not-found') return notFound(c);
    if (!res.ok) return fail(c, 400, messages.invalidTransition, { code: 'invalid_transition', status: res.status });
    return ok(c, message, toCompanyRecord(res.row, { webhookUrl: c.get('apiKey').eventsUrl, mediaUrl: (k) => signer.url(k) }));
  };

  app.post('/company-verifications/:id/review', async (c) => {
    const res = await startReview(ctx, c.req.param('id'), { apiKeyId: c.get('apiKey').id, actor: 'customer' });
    return answer(c, res, 'Company verification is under review');
  });

  app.post('/company-verifications/:id/decide', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = companyDecisionBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, decisionRefusal(body.error));
    const res = await decideCompany(ctx, c.req.param('id'), body.data, { apiKeyId: c.get('apiKey').id, actor: 'customer' });
    return answer(c, res, `Company verification ${body.data.decision}`);
  });

  return app;
}
