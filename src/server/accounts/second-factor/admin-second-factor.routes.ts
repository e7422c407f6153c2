import { Hono } from 'hono';
import { resetSecondFactorBodySchema, type SecondFactorReset } from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { audit } from '../audit';
import { findMemberByEmail } from '../member-store';
import { deleteAllFactors } from './factor-store';

/**
 * `POST /api/admin/users/reset-second-factor` (admin token; `idv users reset-second-factor`): a
 * member who lost every factor and their recovery codes gets back in with their password alone
 * (and, where the organisation requires a factor, straight to enrolling a new one). Audited in
 * the member's organisation as the operator's action.
 */
export function adminSecondFactorRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.post('/users/reset-second-factor', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = resetSecondFactorBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = await findMemberByEmail(ctx.db, body.data.email);
    if (!member) return fail(c, 404, 'No member with this e-mail', { code: 'member_not_found' });
    const now = ctx.clock.now();
    const removed = await ctx.db.transaction(async (tx) => {
      const n = await deleteAllFactors(tx, member.id);
      await audit(tx, { orgId: member.orgId, memberId: null, email: 'operator' }, 'second_factor.reset', now, member.id, { factorsRemoved: n });
      return n;
    });
    const answer: SecondFactorReset = { id: member.id, email: member.email, factorsRemoved: removed };
    return ok(c, 'Second factor reset', answer);
  });
  return app;
}
