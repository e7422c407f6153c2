import { Hono, type Context } from 'hono';
import { dashboardDecisionBodySchema } from '../../../contract/dashboard';
import { messages } from '../../../contract/envelope';
import { audit, type Actor } from '../../accounts/audit';
import { requireAbility, type MemberEnv } from '../../accounts/member-auth';
import type { AppContext } from '../../context';
import { toCompanyRecord } from '../record';
import { decideCompanyAsMember } from '../member-decision';
import { startReview, type ReviewResult, type ReviewScope } from '../review';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { createMediaSigner } from '../../media/signed-url';
import { companyCaseExtras, findOrgCompany, type RepresentativeRow } from '../case';

/**
 * Company cases in the dashboard (mounted inside dashboardRoutes, behind requireMember): the
 * record with documents and the representative's liveness, and the review moves. A company
 * form cannot be sent back (the spec has no such status), so a resubmission is refused with
 * a message that says to decline with a reason instead. `representativeRecord` shows the
 * representative's liveness session as an individual record with links bound to the member
 * (handed in by the dashboard, which composes both products).
 */
export function companyCaseRoutes(ctx: AppContext, representativeRecord: (row: RepresentativeRow, c: Context<MemberEnv>) => unknown): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  const signer = createMediaSigner(ctx);
  /** Document links bound to the member who asked (checked again on use). */
  const mediaUrl = (c: Context<MemberEnv>) => (k: string) => signer.memberUrl(k, c.get('member').id);
  const notFound = (c: Context) => fail(c, 404, 'Company verification not found', { code: 'not_found' });

  const view = async (c: Context<MemberEnv>, id: string, message: string) => {
    const orgId = c.get('member').orgId;
    const found = await findOrgCompany(ctx.db, orgId, id);
    if (!found) return notFound(c);
    const record = toCompanyRecord(found.row, { webhookUrl: found.webhookUrl, mediaUrl: mediaUrl(c) });
    return ok(c, message, { record, mode: found.mode, keyId: found.row.apiKeyId, ...(await companyCaseExtras(ctx.db, orgId, found.row, (row) => representativeRecord(row, c))) });
  };

  /** The member's move, audited in its transaction (trail entry and the organisation's log). */
  const scopeOf = (c: Context<MemberEnv>, action: string, subjectId: string, reason?: string): ReviewScope => {
    const m = c.get('member');
    const actor: Actor = { orgId: m.orgId, memberId: m.id, email: m.email };
    return {
      orgId: m.orgId, actor: 'member', detail: { memberEmail: m.email },
      record: (tx) => audit(tx, actor, action, ctx.clock.now(), subjectId, reason ? { reason } : {}),
    };
  };
  const answer = (c: Context<MemberEnv>, res: ReviewResult, message: string) => {
    if (!res.ok && res.kind === 'not-found') return notFound(c);
    if (!res.ok) return fail(c, 409, 'This company verification is not waiting for a decision', { code: 'not_in_review', status: res.status });
    return view(c, res.row.publicId, message);
  };

  app.get('/verifications/company/:id', (c) => view(c, c.req.param('id'), 'Fetched company verification'));

  app.post('/verifications/company/:id/review', requireAbility('review'), async (c) => {
    const found = await findOrgCompany(ctx.db, c.get('member').orgId, c.req.param('id'));
    if (!found) return notFound(c);
    return answer(c, await startReview(ctx, found.row.id, scopeOf(c, 'company.review_started', found.row.publicId)), 'Company verification is under review');
  });

  app.post('/verifications/company/:id/decide', requireAbility('review'), async (c) => {
    const found = await findOrgCompany(ctx.db, c.get('member').orgId, c.req.param('id'));
    if (!found) return notFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = dashboardDecisionBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, messages.invalidBody);
    const { decision, reason = '' } = body.data;
    if (decision === 'resubmit') return fail(c, 400, 'A company verification cannot be sent back: decline it with a reason', { code: 'resubmit_not_available' });
    // Under four-eyes an approval or decline first waits for a second member (casework/).
    const res = await decideCompanyAsMember(ctx, c.get('member'), found.row.publicId, { decision, reason });
    switch (res.kind) {
      case 'not_found': return notFound(c);
      case 'not_in_review': return fail(c, 409, 'This company verification is not waiting for a decision', { code: 'not_in_review', status: res.status });
      case 'same_reviewer': return fail(c, 409, 'Four-eyes: another reviewer must confirm this decision', { code: 'four_eyes_same_reviewer', pending: res.pending });
      case 'proposed': return view(c, res.row.publicId, 'Decision waiting for a second reviewer');
      case 'decided': return view(c, res.row.publicId, `Company verification ${decision}`);
    }
  });

  return app;
}
