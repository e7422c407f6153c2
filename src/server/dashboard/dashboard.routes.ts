import { Hono, type Context } from 'hono';
import { dashboardDecisionBodySchema, dashboardListQuerySchema } from '../../contract/dashboard';
import { messages } from '../../contract/envelope';
import { audit } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { toIndividualRecord, type RecordDeps } from '../individual/record';
import { decideReview } from '../individual/review';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { createMediaSigner } from '../media/signed-url';
import { companyCaseRoutes } from '../company/routes/case.routes';
import { riskListRoutes } from '../identity/risk-lists.routes';
import { caseExtras, findOrgVerification } from '../individual/case';
import { listOrgVerifications } from './verification-list';

/**
 * The dashboard's data API (`/api/dashboard`, member session, CSRF on changes): everything is
 * scoped to the member's organisation, through its keys. Sign-in lives in accounts/.
 */
export function dashboardRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  // Cases hold identity documents: only roles with review read them (a developer gets 403).
  app.use('/verifications', requireMember(ctx), requireAbility('review'));
  app.use('/verifications/*', requireMember(ctx), requireAbility('review'));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  const signer = createMediaSigner(ctx);
  /** Image links bound to the member who asked (media.routes checks membership and role on use). */
  const recordDeps = (c: Context<MemberEnv>): RecordDeps => ({ hostedUrl: ctx.settings.hostedUrl, mediaUrl: (k) => signer.memberUrl(k, c.get('member').id) });
  const notFound = (c: Parameters<typeof fail>[0]) => fail(c, 404, 'Verification not found', { code: 'not_found' });

  app.get('/verifications', async (c) => {
    const q = dashboardListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    return ok(c, 'Fetched verifications', await listOrgVerifications(ctx.db, c.get('member').orgId, q.data));
  });

  app.get('/verifications/individual/:id', async (c) => {
    const orgId = c.get('member').orgId;
    const row = await findOrgVerification(ctx.db, orgId, c.req.param('id'));
    if (!row) return notFound(c);
    return ok(c, 'Fetched verification', { record: toIndividualRecord(row, recordDeps(c)), ...(await caseExtras(ctx.db, orgId, row)) });
  });

  // A specialist's decision on a case waiting for review: recorded with who and when.
  app.post('/verifications/individual/:id/decide', requireAbility('review'), async (c) => {
    const member = c.get('member');
    const row = await findOrgVerification(ctx.db, member.orgId, c.req.param('id'));
    if (!row) return notFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = dashboardDecisionBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const action = `verification.${body.data.decision === 'successful' ? 'approved' : body.data.decision === 'failed' ? 'declined' : 'resubmission_requested'}`;
    const res = await decideReview(ctx, row.id, body.data, (tx) => audit(tx, { orgId: member.orgId, memberId: member.id, email: member.email }, action,
      ctx.clock.now(), row.id, body.data.reason ? { reason: body.data.reason } : {}));
    if (!res.ok) return fail(c, 409, 'This verification is not waiting for review', { code: 'not_in_review', status: res.status ?? null });
    return ok(c, 'Review decided', toIndividualRecord(res.row, recordDeps(c)));
  });

  app.route('/', companyCaseRoutes(ctx));
  app.route('/', riskListRoutes(ctx));
  return app;
}
