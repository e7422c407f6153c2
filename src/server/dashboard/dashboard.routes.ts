import { Hono } from 'hono';
import { dashboardListQuerySchema } from '../../contract/dashboard';
import { messages } from '../../contract/envelope';
import { requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { ok, validationError } from '../http/envelope';
import { listOrgVerifications } from './verification-list';

/**
 * The dashboard's data API (`/api/dashboard`, member session, CSRF on changes): everything is
 * scoped to the member's organisation, through its keys. Sign-in lives in accounts/.
 */
export function dashboardRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/verifications', requireMember(ctx));
  app.use('/verifications/*', requireMember(ctx));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/verifications', async (c) => {
    const q = dashboardListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    return ok(c, 'Fetched verifications', await listOrgVerifications(ctx.db, c.get('member').orgId, q.data));
  });

  return app;
}
