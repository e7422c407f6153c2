import { Hono, type Context } from 'hono';
import { dashboardDecisionBodySchema } from '../../../contract/dashboard';
import { plausibleVerificationId } from '../../../contract/ids';
import { requireAbility, type MemberEnv } from '../../accounts/member-auth';
import type { AppContext } from '../../context';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { caseExtras, earlierAttemptsOf, findOrgVerification } from '../case';
import { toIndividualRecord, type RecordDeps } from '../record';
import { decideAsMember } from '../member-decision';

/**
 * Individual cases in the dashboard (mounted inside dashboardRoutes, behind requireMember and the
 * `review` ability): the record with the automatic scores, webhook timeline and activity, and a
 * specialist's decision. `recordDeps` binds image links to the member who asked.
 */
export function individualCaseRoutes(ctx: AppContext, recordDeps: (c: Context<MemberEnv>) => RecordDeps): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  const notFound = (c: Parameters<typeof fail>[0]) => fail(c, 404, 'Verification not found', { code: 'not_found' });
  /** The organisation's case the route's `:id` names; an implausible id is unknown without a query. */
  const findCase = (c: Context<MemberEnv>, orgId: string) => {
    const id = plausibleVerificationId(c.req.param('id') ?? '');
    return id ? findOrgVerification(ctx.db, orgId, id) : Promise.resolve(null);
  };

  app.get('/verifications/individual/:id', async (c) => {
    const orgId = c.get('member').orgId;
    const row = await findCase(c, orgId);
    if (!row) return notFound(c);
    const deps = recordDeps(c);
    return ok(c, 'Fetched verification', { record: toIndividualRecord(row, deps), ...(await caseExtras(ctx.db, orgId, row)), earlierAttempts: earlierAttemptsOf(row, deps.mediaUrl) });
  });

  // A specialist's decision on a case waiting for review: recorded with who and when; under
  // four-eyes an approval or decline first waits for a second member (the answer holds the proposal).
  app.post('/verifications/individual/:id/decide', requireAbility('review'), async (c) => {
    const member = c.get('member');
    const id = plausibleVerificationId(c.req.param('id') ?? '');
    if (!id) return notFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = dashboardDecisionBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const res = await decideAsMember(ctx, member, id, body.data);
    switch (res.kind) {
      case 'not_found': return notFound(c);
      case 'not_in_review': return fail(c, 409, 'This verification is not waiting for review', { code: 'not_in_review', status: res.status });
      case 'same_reviewer': return fail(c, 409, 'Four-eyes: another reviewer must confirm this decision', { code: 'four_eyes_same_reviewer', pending: res.pending });
      case 'proposed': return ok(c, 'Decision waiting for a second reviewer', { record: toIndividualRecord(res.row, recordDeps(c)), pending: res.pending });
      case 'decided': return ok(c, 'Review decided', toIndividualRecord(res.row, recordDeps(c)));
    }
  });
  return app;
}
