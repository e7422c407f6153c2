import { Hono } from 'hono';
import { orgSecurityBodySchema } from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { organisations } from '../../db/schema';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { eq } from 'drizzle-orm';
import { audit } from '../audit';
import { requireMember, type MemberEnv } from '../member-auth';
import { revokeMemberSessions } from '../member-sessions';
import { listMembers } from '../member-store';
import { hasSecondFactor } from './factor-store';

/**
 * `PATCH /api/dashboard/org/security` (owners): whether every member needs a second factor.
 * An owner turns it on only with a factor of their own, so they cannot lock themself out; turning
 * it on ends the other members' sessions that were opened without a factor.
 */
export function orgSecurityRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/org/security', requireMember(ctx));

  app.patch('/org/security', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = orgSecurityBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    if (member.role !== 'owner') return fail(c, 403, 'Only an owner can change this', { code: 'forbidden' });
    if (body.data.requireSecondFactor && !(await hasSecondFactor(ctx.db, member.id))) {
      return fail(c, 409, 'Set up a second factor for yourself first', { code: 'own_second_factor_missing' });
    }
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select({ required: organisations.requireSecondFactor }).from(organisations).where(eq(organisations.id, member.orgId)).for('update').limit(1);
      await tx.update(organisations).set({ requireSecondFactor: body.data.requireSecondFactor }).where(eq(organisations.id, member.orgId));
      // Starting to require a factor ends the sessions of members who have none (opened with a
      // password alone): they sign in again, and then may only enrol one.
      let membersSignedOut = 0;
      if (body.data.requireSecondFactor && !before?.required) {
        for (const m of await listMembers(tx, member.orgId)) {
          if (m.id === member.id || (await hasSecondFactor(tx, m.id))) continue;
          await revokeMemberSessions(tx, m.id, now);
          membersSignedOut += 1;
        }
      }
      await audit(tx, { orgId: member.orgId, memberId: member.id, email: member.email }, 'org.second_factor_requirement', now, member.orgId, { required: body.data.requireSecondFactor, membersSignedOut });
    });
    return ok(c, 'Organisation security updated', { requireSecondFactor: body.data.requireSecondFactor });
  });

  return app;
}
