import { Hono } from 'hono';
import { createCampaignBodySchema } from '../../contract/campaign';
import {
  createCampaignDraft, getCampaignDetail, listCampaigns, publishLatestDraft,
} from './campaign-repo';
import type { AppContext } from '../context';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * Campaign administration (mounted at /api/admin behind the admin token; `idv campaigns …`).
 * Creating always adds a draft version; publishing makes the newest draft the version new
 * company verifications get. Existing verifications keep theirs.
 */
export function adminCampaignRoutes(ctx: AppContext): Hono {
  const r = new Hono();

  r.get('/campaigns', async (c) => ok(c, 'Fetched campaigns', await listCampaigns(ctx.db)));

  r.get('/campaigns/:id', async (c) => {
    const detail = await getCampaignDetail(ctx.db, c.req.param('id'));
    if (!detail) return fail(c, 404, CAMPAIGN_NOT_FOUND);
    return ok(c, 'Fetched campaign', detail);
  });

  r.post('/campaigns', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = createCampaignBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const res = await createCampaignDraft(ctx.db, body.data, ctx.clock.now());
    const detail = await getCampaignDetail(ctx.db, res.id);
    return ok(c, res.created ? 'Campaign created with a draft version' : 'Draft version added', { ...detail, draftVersion: res.version });
  });

  r.post('/campaigns/:id/publish', async (c) => {
    const res = await publishLatestDraft(ctx.db, c.req.param('id'), ctx.clock.now());
    if (res.kind === 'not-found') return fail(c, 404, CAMPAIGN_NOT_FOUND);
    if (res.kind === 'no-draft') return fail(c, 400, 'The campaign has no draft version to publish', { code: 'no_draft' });
    return ok(c, 'Campaign published', { id: c.req.param('id'), publishedVersion: res.version });
  });

  return r;
}
