import { Hono } from 'hono';
import { createMemberBodySchema, createOrgBodySchema, type CreatedMember } from '../../contract/accounts';
import type { AppContext } from '../context';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { audit } from './audit';
import { createMember, findMemberByEmail } from './member-store';
import { createOrg, DEFAULT_ORG_ID, getOrg, listOrgs, toOrg } from './org-store';
import { createSignInLink } from './sign-in-links';

/**
 * The operator's side (`/api/admin`, admin token; `idv orgs …`, `idv users create`): no e-mail
 * is sent, the one-time sign-in link is printed for the operator to pass on.
 */
export function adminAccountRoutes(ctx: AppContext): Hono {
  const app = new Hono();

  app.get('/orgs', async (c) => ok(c, 'Fetched organisations', (await listOrgs(ctx.db)).map(toOrg)));

  app.post('/orgs', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = createOrgBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    return ok(c, 'Organisation created', toOrg(await createOrg(ctx.db, body.data.name, ctx.clock.now())));
  });

  app.post('/users', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = createMemberBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const orgId = body.data.orgId ?? DEFAULT_ORG_ID;
    if (!(await getOrg(ctx.db, orgId))) return fail(c, 400, 'Organisation not found', { code: 'org_not_found' });
    const now = ctx.clock.now();
    const created = await ctx.db.transaction(async (tx) => {
      // The operator sees every organisation: an address a member holds anywhere is refused here
      // (other organisations' invitations do not hold it, so they do not block).
      if (await findMemberByEmail(tx, body.data.email)) return null;
      const res = await createMember(tx, { orgId, email: body.data.email, role: body.data.role, language: body.data.language }, now);
      if (!res.ok) return null;
      const signInUrl = await createSignInLink(tx, ctx.secrets, res.row.id, ctx.settings.publicUrl, now);
      await audit(tx, { orgId, memberId: null, email: 'operator' }, 'member.created', now, res.row.id, { role: res.row.role });
      return { id: res.row.id, email: res.row.email, role: res.row.role, orgId, signInUrl } satisfies CreatedMember;
    });
    if (!created) return fail(c, 409, 'A member with this e-mail already exists', { code: 'email_taken' });
    return ok(c, 'Member created', created);
  });

  return app;
}
