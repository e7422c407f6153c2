import { releaseCasesOf } from '../casework/assignment';
import { mailerFor } from '../mail/mailer';
import { invitationMail } from '../mail/member-mail';
import { getOrg } from '../accounts/org-store';
import { Hono, type Context } from 'hono';
import { createMemberBodySchema } from '../../contract/accounts';
import { audit, listAudit, toAuditEntry } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import { revokeMemberSessions } from '../accounts/member-sessions';
import { createMember, getMember, listMembers, toMember, updateMember } from '../accounts/member-store';
import { createSignInLink } from '../accounts/sign-in-links';
import type { AppContext } from '../context';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';

/**
 * Team (`/api/dashboard/team…`, owners and admins): members, invitations (a one-time link shown
 * to copy; no e-mail is sent; pending ones listed with `active: false`), removal. Only an owner makes or removes an owner; nobody removes
 * themself, so an organisation always keeps the owner who set it up.
 */
export function teamRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/team', requireMember(ctx), requireAbility('team'));
  app.use('/team/*', requireMember(ctx), requireAbility('team'));
  app.use('/audit', requireMember(ctx), requireAbility('team'));
  const actor = (c: Context<MemberEnv>) => ({ orgId: c.get('member').orgId, memberId: c.get('member').id, email: c.get('member').email });

  // The organisation's activity log: every member action, newest first (the last 500).
  app.get('/audit', async (c) => ok(c, 'Fetched activity', (await listAudit(ctx.db, c.get('member').orgId, { limit: 500 })).map(toAuditEntry)));

  app.get('/team', async (c) => ok(c, 'Fetched members', (await listMembers(ctx.db, c.get('member').orgId)).map(toMember)));

  app.post('/team', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = createMemberBodySchema.omit({ orgId: true }).safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const me = c.get('member');
    if (body.data.role === 'owner' && me.role !== 'owner') return fail(c, 403, 'Only an owner can add an owner', { code: 'forbidden' });
    const now = ctx.clock.now();
    const created = await ctx.db.transaction(async (tx) => {
      const res = await createMember(tx, { orgId: me.orgId, email: body.data.email, role: body.data.role, language: body.data.language }, now);
      if (!res.ok) return null;
      const signInUrl = await createSignInLink(tx, ctx.secrets, res.row.id, ctx.settings.publicUrl, now);
      await audit(tx, actor(c), 'member.invited', now, res.row.id, { email: res.row.email, role: res.row.role });
      return { ...toMember(res.row), signInUrl };
    });
    // Only this organisation's own member or invitation: whatever other organisations hold, the
    // invitation is made and answered alike (member-store.ts: createMember).
    if (!created) return fail(c, 409, 'A member with this e-mail already exists', { code: 'email_taken' });
    // With SMTP configured the link is also e-mailed; the inviter still sees it (to pass on if the mail is lost).
    const mailer = mailerFor(ctx.settings);
    if (!mailer.configured) return ok(c, 'Member invited', created);
    const org = await getOrg(ctx.db, me.orgId);
    const sent = await mailer.send(invitationMail(created.email, org?.name ?? 'your organisation', created.signInUrl, body.data.language));
    if (!sent.sent) ctx.logger.warn('invitation e-mail not sent', { memberId: created.id, error: sent.reason === 'failed' ? sent.error : sent.reason });
    return ok(c, sent.sent ? 'Member invited: the link was e-mailed' : 'Member invited: the e-mail could not be sent, pass the link on yourself', { ...created, emailed: sent.sent });
  });

  app.delete('/team/:id', async (c) => {
    const me = c.get('member');
    const target = await getMember(ctx.db, c.req.param('id'));
    if (!target || target.orgId !== me.orgId) return fail(c, 404, 'Member not found', { code: 'not_found' });
    if (target.id === me.id) return fail(c, 400, 'You cannot remove yourself', { code: 'self' });
    if (target.role === 'owner' && me.role !== 'owner') return fail(c, 403, 'Only an owner can remove an owner', { code: 'forbidden' });
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await updateMember(tx, target.id, { removedAt: now });
      const released = await releaseCasesOf(tx, target.id, now);
      await revokeMemberSessions(tx, target.id, now);
      await audit(tx, actor(c), 'member.removed', now, target.id, { email: target.email, role: target.role, ...(released ? { casesReleased: released } : {}) });
    });
    return ok(c, 'Member removed', null);
  });

  return app;
}
