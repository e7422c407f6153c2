import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampaignView, getPublishedCampaign } from './campaign-repo';
import { insertCompany } from '../company/company.testkit';
import { createHarness, type Harness } from '../testing/harness';

describe('campaign admin API', () => {
  let h: Harness;
  beforeAll(async () => { h = await createHarness(); });
  afterAll(async () => { await h.close(); });
  const admin = (method: string, path: string, body?: unknown) =>
    h.request(method, `/api/admin${path}`, { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body });

  const definition = {
    steps: ['business', 'questions', 'review'], livenessRequired: false,
    questions: [{ id: 'volume', label: 'Expected monthly volume', type: 'short_text', required: true }],
  };

  it('needs the admin token', async () => {
    expect((await h.request('GET', '/api/admin/campaigns')).status).toBe(401);
  });

  it('lists the seeded default campaign', async () => {
    const res = await admin('GET', '/campaigns');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: 'default', name: 'Default', publishedVersion: 1, latestVersion: 1, draftVersion: null })]);
    const one = await admin('GET', '/campaigns/default');
    expect(one.body.data.versions).toHaveLength(1);
    expect(one.body.data.versions[0]).toMatchObject({ version: 1, definition: { ownershipThreshold: 25 } });
    expect((await admin('GET', '/campaigns/missing')).status).toBe(404);
  });

  it('creates drafts, publishes the latest, and keeps old verifications on their version', async () => {
    // The operator sees every organisation and may choose a new campaign's id.
    const created = await admin('POST', '/campaigns', { id: 'merchant-onboarding', name: 'Merchant onboarding', definition });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ id: 'merchant-onboarding', name: 'Merchant onboarding', publishedVersion: null, latestVersion: 1, draftVersion: 1 });
    expect(created.body.data.versions[0].definition.questions[0]).toMatchObject({ id: 'volume', required: true, options: [] });
    // Drafts are not used by new verifications.
    expect(await getPublishedCampaign(h.ctx.db, 'merchant-onboarding')).toBeNull();
    expect((await admin('POST', '/campaigns/merchant-onboarding/publish')).body.data).toEqual({ id: 'merchant-onboarding', publishedVersion: 1 });
    expect((await admin('POST', '/campaigns/merchant-onboarding/publish')).body.error).toEqual({ code: 'no_draft' });
    const v1Company = await insertCompany(h.ctx, { apiKeyId: (await h.createKey()).id, campaignId: 'merchant-onboarding' });
    expect(v1Company.campaignVersion).toBe(1);

    const v2 = await admin('POST', '/campaigns', { id: 'merchant-onboarding', name: 'Merchants', definition: { ...definition, ownershipThreshold: 10 } });
    expect(v2.body.data).toMatchObject({ id: 'merchant-onboarding', name: 'Merchants', publishedVersion: 1, latestVersion: 2, draftVersion: 2 });
    expect((await admin('POST', '/campaigns/merchant-onboarding/publish')).body.data.publishedVersion).toBe(2);
    expect((await getPublishedCampaign(h.ctx.db, 'merchant-onboarding'))!.version).toBe(2);
    // The earlier verification still sees version 1.
    const hosted = await h.request('GET', `/api/v1/hosted/company-verifications/${v1Company.id}`, { headers: { 'x-hosted-token': v1Company.token } });
    expect(hosted.body.data.campaign).toMatchObject({ id: 'merchant-onboarding', version: 1, definition: { ownershipThreshold: 25 } });
    expect((await getCampaignView(h.ctx.db, 'merchant-onboarding', 2))!.definition.ownershipThreshold).toBe(10);

    // Without an id, a new campaign with a random one (never from the name), as for members.
    const again = await admin('POST', '/campaigns', { name: 'Merchant onboarding', definition });
    expect(again.body.data).toMatchObject({ id: expect.stringMatching(/^cmp_[0-9a-f]{32}$/), name: 'Merchant onboarding', latestVersion: 1, draftVersion: 1 });
    expect((await admin('POST', '/campaigns', { name: 'Merchant onboarding', definition })).body.data.id).not.toBe(again.body.data.id);
  });

  it('refuses invalid definitions with paths', async () => {
    const res = await admin('POST', '/campaigns', { name: 'Bad', definition: { steps: ['business'], ownershipThreshold: 150 } });
    expect(res.status).toBe(400);
    const paths = res.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain('definition.ownershipThreshold');
    expect((await admin('POST', '/campaigns', { id: 'Bad Id', name: 'x', definition: {} })).status).toBe(400);
    expect((await admin('POST', '/campaigns/nope/publish')).status).toBe(404);
  });
});
