import { Hono, type Context } from 'hono';
import { dashboardListQuerySchema } from '../../contract/dashboard';
import { messages } from '../../contract/envelope';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { toIndividualRecord, type RecordDeps } from '../individual/record';
import { ok, validationError } from '../http/envelope';
import { createMediaSigner } from '../media/signed-url';
import { companyCaseRoutes } from '../company/routes/case.routes';
import { riskListRoutes } from '../identity/risk-lists.routes';
import { findOrgVerification } from '../individual/case';
import { individualCaseRoutes } from '../individual/routes/case.routes';
import { listOrgVerifications } from './verification-list';
import { EXPORT_MAX_ROWS, verificationsCsv } from './verification-export';
import { audit } from '../accounts/audit';
import { caseworkRoutes, type CasePort } from '../casework/casework.routes';
import { findOrgCompany } from '../company/case';
import { decideCompanyAsMember } from '../company/member-decision';
import { decideAsMember } from '../individual/member-decision';
import { plausibleVerificationId } from '../../contract/ids';

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

  app.get('/verifications', async (c) => {
    const q = dashboardListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    return ok(c, 'Fetched verifications', await listOrgVerifications(ctx.db, c.get('member').orgId, q.data, c.get('member'), ctx.clock.now()));
  });

  // The filtered list as a CSV file (the same filters as the list; newest first, up to
  // EXPORT_MAX_ROWS), audited with the filters used: case data leaving the dashboard is recorded.
  app.get('/verifications/export.csv', async (c) => {
    const q = dashboardListQuerySchema.safeParse({ ...c.req.query(), page: '1' });
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const member = c.get('member');
    const list = await listOrgVerifications(ctx.db, member.orgId, { ...q.data, page: 1, limit: EXPORT_MAX_ROWS }, member, ctx.clock.now());
    const items = list.items.slice(0, EXPORT_MAX_ROWS);
    const { page: _page, limit: _limit, ...filters } = q.data;
    await audit(ctx.db, { orgId: member.orgId, memberId: member.id, email: member.email }, 'verifications.exported', ctx.clock.now(), null, { filters, rows: items.length, total: list.total });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="verifications-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`);
    return c.body(verificationsCsv(items));
  });

  app.route('/', caseworkRoutes(ctx, casePort(ctx)));
  app.route('/', individualCaseRoutes(ctx, recordDeps));
  app.route('/', companyCaseRoutes(ctx, (row, c) => toIndividualRecord(row, recordDeps(c))));
  app.route('/', riskListRoutes(ctx, findOrgVerification));
  return app;
}

/** Both products' cases as the team's routes see them: found in the organisation, decided by a member. */
function casePort(ctx: AppContext): CasePort {
  return {
    async find(orgId, ref) {
      if (ref.family === 'company') {
        const found = await findOrgCompany(ctx.db, orgId, ref.id);
        return found ? { family: 'company', id: found.row.publicId } : null;
      }
      const id = plausibleVerificationId(ref.id);
      const row = id ? await findOrgVerification(ctx.db, orgId, id) : null;
      return row ? { family: 'individual', id: row.id } : null;
    },
    async decide(member, ref, decision, reason) {
      const res = ref.family === 'company'
        ? await decideCompanyAsMember(ctx, member, ref.id, { decision, reason })
        : await decideAsMember(ctx, member, plausibleVerificationId(ref.id)!, { decision, ...(reason ? { reason } : {}) });
      return res.kind;
    },
  };
}
