import { Hono, type Context } from 'hono';
import { adminCompanyListQuerySchema } from '../../../contract/admin';
import { messages } from '../../../contract/envelope';
import { companyDecisionBodySchema } from '../../../contract/hosted-company';
import { decisionRefusal } from '../review';
import type { AppContext } from '../../context';
import { listCompaniesForOperator, toListItem } from '../admin';
import { toCompanyRecord } from '../record';
import { decideCompany, startReview, type ReviewResult } from '../review';
import { findCompanyByAnyId, keyOf } from '../store';
import { fail, ok, okList, pageMeta, readJsonBody, validationError } from '../../http/envelope';

export const COMPANY_NOT_FOUND = 'Company verification not found';

/**
 * Operator review of company verifications (mounted at /api/admin behind the admin token):
 * live verifications are decided only here (`idv company review|decide`); the operator can
 * move test ones too. `{id}` is the internal id or the public `cv_…` id.
 */
export function adminCompanyRoutes(ctx: AppContext): Hono {
  const r = new Hono();

  const answer = async (c: Context, res: ReviewResult, message: string) => {
    if (!res.ok && res.kind === 'not-found') return fail(c, 404, COMPANY_NOT_FOUND);
    if (!res.ok) return fail(c, 400, messages.invalidTransition, { code: 'invalid_transition', status: res.status });
    const key = await keyOf(ctx.db, res.row.apiKeyId);
    return ok(c, message, toListItem(res.row, key.mode));
  };

  r.get('/company-verifications', async (c) => {
    const q = adminCompanyListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const { items, total } = await listCompaniesForOperator(ctx.db, q.data);
    return okList(c, messages.fetchedCompanies, items, pageMeta(total, q.data.page, q.data.limit));
  });

  r.get('/company-verifications/:id', async (c) => {
    const row = await findCompanyByAnyId(ctx.db, c.req.param('id'));
    if (!row) return fail(c, 404, COMPANY_NOT_FOUND);
    const key = await keyOf(ctx.db, row.apiKeyId);
    return ok(c, messages.fetchedSingleCompany, { ...toCompanyRecord(row, { webhookUrl: key.eventsUrl }), keyId: row.apiKeyId, mode: key.mode });
  });

  r.post('/company-verifications/:id/review', async (c) => {
    const res = await startReview(ctx, c.req.param('id'), { actor: 'operator' });
    return answer(c, res, 'Company verification is under review');
  });

  r.post('/company-verifications/:id/decide', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = companyDecisionBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, decisionRefusal(body.error));
    const res = await decideCompany(ctx, c.req.param('id'), body.data, { actor: 'operator' });
    return answer(c, res, `Company verification ${body.data.decision}`);
  });

  return r;
}
