import { Hono, type Context } from 'hono';
import { createCampaignBodySchema, type CampaignSummary } from '../../contract/campaign';
import { DEFAULT_CAMPAIGN_ID } from '../../contract/company';
import { audit } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import { createCampaignDraft, getCampaignDetail, listCampaigns, publishLatestDraft } from '../campaigns/campaign-repo';
import type { AppContext } from '../context';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';

/**
 * The Campaigns section (`/api/dashboard/campaigns…`): developers, admins and owners shape their
 * organisation's company flows. Another organisation's campaign answers 404, as an unknown one
 * does, so ids say nothing about other customers: a new campaign gets a random id (never one
 * from its name or of the member's choosing), and a draft for any id not the organisation's is
 * that same 404. The default campaign is everyone's: listed and readable with `shared: true`,
 * but only the operator changes it.
 */
export function campaignRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  for (const path of ['/campaigns', '/campaigns/*']) app.use(path, requireMember(ctx), requireAbility('developers'));
  const orgOf = (c: Context<MemberEnv>) => c.get('member').orgId;
  const actor = (c: Context<MemberEnv>) => ({ orgId: orgOf(c), memberId: c.get('member').id, email: c.get('member').email });
  const notFound = (c: Context) => fail(c, 404, 'Campaign not found', { code: 'not_found' });
  const readOnly = (c: Context) => fail(c, 403, 'The default campaign is shared and cannot be changed', { code: 'read_only' });
  const marked = <T extends CampaignSummary>(s: T) => ({ ...s, shared: s.id === DEFAULT_CAMPAIGN_ID });

  app.get('/campaigns', async (c) => ok(c, 'Fetched campaigns', (await listCampaigns(ctx.db, orgOf(c))).map(marked)));

  app.get('/campaigns/:id', async (c) => {
    const detail = await getCampaignDetail(ctx.db, c.req.param('id'), orgOf(c));
    return detail ? ok(c, 'Fetched campaign', marked(detail)) : notFound(c);
  });

  app.post('/campaigns', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = createCampaignBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    if (body.data.id === DEFAULT_CAMPAIGN_ID) return readOnly(c);
    const now = ctx.clock.now();
    const res = await createCampaignDraft(ctx.db, body.data, now, orgOf(c));
    if (!res) return notFound(c);
    await audit(ctx.db, actor(c), res.created ? 'campaign.created' : 'campaign.draft_added', now, res.id, { version: res.version });
    const detail = await getCampaignDetail(ctx.db, res.id, orgOf(c));
    if (!detail) return notFound(c);
    return ok(c, res.created ? 'Campaign created with a draft version' : 'Draft version added', { ...marked(detail), draftVersion: res.version });
  });

  app.post('/campaigns/:id/publish', async (c) => {
    const id = c.req.param('id');
    if (id === DEFAULT_CAMPAIGN_ID) return readOnly(c);
    const now = ctx.clock.now();
    const res = await publishLatestDraft(ctx.db, id, now, orgOf(c));
    if (res.kind === 'not-found') return notFound(c);
    if (res.kind === 'no-draft') return fail(c, 400, 'The campaign has no draft version to publish', { code: 'no_draft' });
    await audit(ctx.db, actor(c), 'campaign.published', now, id, { version: res.version });
    return ok(c, 'Campaign published', { id, publishedVersion: res.version });
  });

  return app;
}
