import { Hono } from 'hono';
import { messages } from '../../contract/envelope';
import { OVERVIEW_MAX_DAYS, overviewQuerySchema } from '../../contract/overview';
import { requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { fail, ok, validationError } from '../http/envelope';
import { overviewOf } from './overview';

/**
 * `GET /api/dashboard/overview` (mounted inside dashboardRoutes): the organisation's funnel,
 * times, outcomes and volume for a period. Every member may read it: it holds counts, not cases.
 * A period longer than OVERVIEW_MAX_DAYS is refused rather than read slowly.
 */
export function overviewRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/overview', requireMember(ctx));
  app.get('/overview', async (c) => {
    const q = overviewQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    if (q.data.from && q.data.to && (Date.parse(q.data.to) - Date.parse(q.data.from)) / 86_400_000 >= OVERVIEW_MAX_DAYS) {
      return fail(c, 400, messages.invalidQuery, { issues: [{ path: 'from', message: `the period is at most ${OVERVIEW_MAX_DAYS} days` }] });
    }
    c.header('Cache-Control', 'no-store');
    return ok(c, 'Fetched overview', await overviewOf(ctx.db, c.get('member').orgId, q.data, ctx.clock.now()));
  });
  return app;
}
