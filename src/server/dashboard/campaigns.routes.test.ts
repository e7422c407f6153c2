import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCampaignDetailSchema, dashboardCampaignSummarySchema } from '../../contract/campaign';
import { createHarness, type Harness } from '../testing/harness';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

// Campaigns section: the organisation's own campaigns plus the shared, read-only default one.
let h: Harness;
let dev: SignedIn;
let reviewer: SignedIn;
let other: SignedIn;
let otherOrgId: string;

const definition = {
  steps: ['business', 'questions', 'review'], livenessRequired: false,
  questions: [{ id: 'volume', label: 'Expected monthly volume', type: 'short_text', required: true }],
};
const ids = (res: { body: { data: unknown[] } }) => res.body.data.map((c) => dashboardCampaignSummarySchema.parse(c).id);
const createCompany = (key: string, campaignId: string) => h.request('POST', '/api/v1/company-verifications', { key, body: { campaignId } });

beforeAll(async () => {
  h = await createHarness();
  otherOrgId = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Globex' } })).body.data.id;
  dev = await signedInMember(h, 'dev@acme.test', 'developer');
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  other = await signedInMember(h, 'dev@globex.test', 'developer', otherOrgId);
});
afterAll(async () => { await h.close(); });

describe('dashboard campaigns', () => {
  it('creates, lists, views, adds a draft and publishes; every change audited', async () => {
    const created = await asMember(h, dev, 'POST', '/campaigns', { name: 'Merchant onboarding', definition });
    expect(created.status).toBe(200);
    expect(dashboardCampaignDetailSchema.parse(created.body.data)).toMatchObject({ id: 'merchant-onboarding', shared: false, publishedVersion: null, draftVersion: 1 });
    const [row] = await h.ctx.db.query.campaigns.findMany({ where: (c, { eq }) => eq(c.id, 'merchant-onboarding') });
    expect(row!.orgId).toBe(dev.me.org.id);

    const list = await asMember(h, dev, 'GET', '/campaigns');
    expect(ids(list)).toEqual(['default', 'merchant-onboarding']);
    expect(list.body.data.find((c: { id: string }) => c.id === 'default')).toMatchObject({ shared: true, publishedVersion: 1 });
    const one = await asMember(h, dev, 'GET', '/campaigns/merchant-onboarding');
    expect(dashboardCampaignDetailSchema.parse(one.body.data).versions).toHaveLength(1);
    expect((await asMember(h, dev, 'GET', '/campaigns/missing')).body.error.code).toBe('not_found');

    expect((await asMember(h, dev, 'POST', '/campaigns/merchant-onboarding/publish')).body.data).toEqual({ id: 'merchant-onboarding', publishedVersion: 1 });
    expect((await asMember(h, dev, 'POST', '/campaigns/merchant-onboarding/publish')).body.error.code).toBe('no_draft');
    const v2 = await asMember(h, dev, 'POST', '/campaigns', { id: 'merchant-onboarding', name: 'Merchants', definition });
    expect(v2.body.data).toMatchObject({ name: 'Merchants', publishedVersion: 1, latestVersion: 2, draftVersion: 2, shared: false });
    expect((await asMember(h, dev, 'POST', '/campaigns/merchant-onboarding/publish')).body.data.publishedVersion).toBe(2);

    const audit = (await h.ctx.db.query.auditEvents.findMany()).filter((a) => a.subjectId === 'merchant-onboarding');
    expect(audit.map((a) => [a.action, a.actorEmail, a.orgId, a.detail])).toEqual([
      ['campaign.created', 'dev@acme.test', dev.me.org.id, { version: 1 }],
      ['campaign.published', 'dev@acme.test', dev.me.org.id, { version: 1 }],
      ['campaign.draft_added', 'dev@acme.test', dev.me.org.id, { version: 2 }],
      ['campaign.published', 'dev@acme.test', dev.me.org.id, { version: 2 }],
    ]);
  });

  it('refuses reviewers', async () => {
    expect((await asMember(h, reviewer, 'GET', '/campaigns')).body.error.code).toBe('forbidden');
    expect((await asMember(h, reviewer, 'GET', '/campaigns/default')).status).toBe(403);
    const post = await asMember(h, reviewer, 'POST', '/campaigns', { name: 'Nope', definition });
    expect([post.status, post.body.error.code]).toEqual([403, 'forbidden']);
    expect((await asMember(h, reviewer, 'POST', '/campaigns/default/publish')).status).toBe(403);
  });

  it('lists the default campaign to everyone but lets no member change it', async () => {
    expect((await asMember(h, other, 'GET', '/campaigns/default')).body.data).toMatchObject({ id: 'default', shared: true });
    const draft = await asMember(h, dev, 'POST', '/campaigns', { id: 'default', name: 'Mine now', definition });
    expect([draft.status, draft.body.error.code]).toEqual([403, 'read_only']);
    expect((await asMember(h, other, 'POST', '/campaigns/default/publish')).body.error.code).toBe('read_only');
    expect((await asMember(h, dev, 'GET', '/campaigns/default')).body.data).toMatchObject({ name: 'Default', latestVersion: 1 });
    expect((await h.ctx.db.query.auditEvents.findMany()).filter((a) => a.subjectId === 'default')).toEqual([]);
  });

  it('hides a campaign from another organisation: not listed, not found, not changeable', async () => {
    const mine = (await asMember(h, dev, 'POST', '/campaigns', { id: 'acme-only', name: 'Acme only', definition })).body.data;
    expect(ids(await asMember(h, other, 'GET', '/campaigns'))).toEqual(['default']);
    expect((await asMember(h, other, 'GET', `/campaigns/${mine.id}`)).status).toBe(404);
    const publish = await asMember(h, other, 'POST', `/campaigns/${mine.id}/publish`);
    expect([publish.status, publish.body.error.code]).toEqual([404, 'not_found']);
    const draft = await asMember(h, other, 'POST', '/campaigns', { id: mine.id, name: 'Taken over', definition });
    expect([draft.status, draft.body.error.code]).toEqual([404, 'not_found']);
    const after = (await asMember(h, dev, 'GET', `/campaigns/${mine.id}`)).body.data;
    expect(after).toMatchObject({ name: 'Acme only', latestVersion: 1, publishedVersion: null });

    // Their own campaign of the same name gets a fresh id and is theirs alone.
    const theirs = (await asMember(h, other, 'POST', '/campaigns', { name: 'Acme only', definition })).body.data;
    expect(theirs.id).toMatch(/^acme-only-[0-9a-f]{6}$/);
    expect(ids(await asMember(h, dev, 'GET', '/campaigns'))).not.toContain(theirs.id);
    const audit = await h.ctx.db.query.auditEvents.findMany();
    expect(audit.filter((a) => a.orgId === otherOrgId && a.action.startsWith('campaign.')).map((a) => [a.action, a.subjectId])).toEqual([['campaign.created', theirs.id]]);
  });

  it('lets an API key use its own organisation\'s campaigns and the default, not another\'s', async () => {
    await asMember(h, dev, 'POST', '/campaigns', { id: 'acme-flow', name: 'Acme flow', definition });
    await asMember(h, dev, 'POST', '/campaigns/acme-flow/publish');
    await asMember(h, other, 'POST', '/campaigns', { id: 'globex-flow', name: 'Globex flow', definition });
    await asMember(h, other, 'POST', '/campaigns/globex-flow/publish');
    const acmeKey = (await h.createKey()).apiKey;
    const globexKey = (await h.createKey({ orgId: otherOrgId })).apiKey;

    expect((await createCompany(acmeKey, 'acme-flow')).body.data).toMatchObject({ campaignId: 'acme-flow', campaignVersion: 1 });
    expect((await createCompany(globexKey, 'globex-flow')).status).toBe(200);
    expect((await createCompany(globexKey, 'default')).status).toBe(200);
    const refused = await createCompany(globexKey, 'acme-flow');
    const unknown = await createCompany(globexKey, 'no-such-campaign');
    expect(refused.status).toBe(400);
    // The same answer as an unknown campaign: nothing tells that the id exists.
    expect(refused.body).toEqual(unknown.body);
    expect((await createCompany(acmeKey, 'globex-flow')).body).toEqual(unknown.body);
  });
});
