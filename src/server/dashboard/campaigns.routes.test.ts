import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignIdSchema, dashboardCampaignDetailSchema, dashboardCampaignSummarySchema } from '../../contract/campaign';
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
    const id = dashboardCampaignDetailSchema.parse(created.body.data).id;
    expect(created.body.data).toMatchObject({ id: expect.stringMatching(/^cmp_[0-9a-f]{32}$/), shared: false, publishedVersion: null, draftVersion: 1 });
    const [row] = await h.ctx.db.query.campaigns.findMany({ where: (c, { eq }) => eq(c.id, id) });
    expect(row!.orgId).toBe(dev.me.org.id);

    const list = await asMember(h, dev, 'GET', '/campaigns');
    expect(ids(list)).toEqual(['default', id]);
    expect(list.body.data.find((c: { id: string }) => c.id === 'default')).toMatchObject({ shared: true, publishedVersion: 1 });
    const one = await asMember(h, dev, 'GET', `/campaigns/${id}`);
    expect(dashboardCampaignDetailSchema.parse(one.body.data).versions).toHaveLength(1);
    expect((await asMember(h, dev, 'GET', '/campaigns/missing')).body.error.code).toBe('not_found');

    expect((await asMember(h, dev, 'POST', `/campaigns/${id}/publish`)).body.data).toEqual({ id, publishedVersion: 1 });
    expect((await asMember(h, dev, 'POST', `/campaigns/${id}/publish`)).body.error.code).toBe('no_draft');
    const v2 = await asMember(h, dev, 'POST', '/campaigns', { id, name: 'Merchants', definition });
    expect(v2.body.data).toMatchObject({ id, name: 'Merchants', publishedVersion: 1, latestVersion: 2, draftVersion: 2, shared: false });
    expect((await asMember(h, dev, 'POST', `/campaigns/${id}/publish`)).body.data.publishedVersion).toBe(2);

    const audit = (await h.ctx.db.query.auditEvents.findMany()).filter((a) => a.subjectId === id);
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
    const mine = (await asMember(h, dev, 'POST', '/campaigns', { name: 'Acme only', definition })).body.data;
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
    expect(theirs.id).toMatch(/^cmp_[0-9a-f]{32}$/);
    expect(theirs.id).not.toBe(mine.id);
    expect(ids(await asMember(h, dev, 'GET', '/campaigns'))).not.toContain(theirs.id);
    const audit = await h.ctx.db.query.auditEvents.findMany();
    expect(audit.filter((a) => a.orgId === otherOrgId && a.action.startsWith('campaign.')).map((a) => [a.action, a.subjectId])).toEqual([['campaign.created', theirs.id]]);
  });

  it('answers a draft for an id not the organisation\'s, unknown or another\'s, byte for byte alike, and creates nothing', async () => {
    const acme = (await asMember(h, dev, 'POST', '/campaigns', { name: 'Probe target', definition })).body.data.id as string;
    const before = await h.ctx.db.query.campaigns.findMany();
    const probe = (id: string) => asMember(h, other, 'POST', '/campaigns', { id, name: 'Probe', definition });
    const taken = await probe(acme);
    const free = await probe('cmp_00000000000000000000000000000000');
    const freeSlug = await probe('probe-target');
    for (const res of [taken, free, freeSlug]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'Campaign not found', error: { code: 'not_found' }, data: null, code: 404 });
    }
    expect(JSON.stringify(taken.body)).toBe(JSON.stringify(free.body));
    expect(JSON.stringify(taken.body)).toBe(JSON.stringify(freeSlug.body));
    // Nothing made: a member never chooses a new campaign's id.
    expect(await h.ctx.db.query.campaigns.findMany()).toEqual(before);
    expect((await asMember(h, dev, 'GET', `/campaigns/${acme}`)).body.data).toMatchObject({ name: 'Probe target', latestVersion: 1 });
  });

  it('gives new campaigns random ids, never from the name: the same name in two organisations gets unrelated ids', async () => {
    const name = 'Same Name Onboarding';
    const a = (await asMember(h, dev, 'POST', '/campaigns', { name, definition })).body.data.id as string;
    const b = (await asMember(h, other, 'POST', '/campaigns', { name, definition })).body.data.id as string;
    const a2 = (await asMember(h, dev, 'POST', '/campaigns', { name, definition })).body.data.id as string;
    for (const id of [a, b, a2]) {
      expect(id).toMatch(/^cmp_[0-9a-f]{32}$/);
      expect(campaignIdSchema.safeParse(id).success).toBe(true);
      expect(id).not.toMatch(/same|name|onboarding/);
    }
    expect(new Set([a, b, a2]).size).toBe(3);
    // Unrelated: no common start beyond `cmp_` and a chance few digits (8 alike: 1 in 2^32).
    const common = (x: string, y: string) => [...x].findIndex((ch, i) => ch !== y[i]);
    expect(common(a, b)).toBeLessThan(12);
    expect(common(a, a2)).toBeLessThan(12);
  });

  it('lets an API key use its own organisation\'s campaigns and the default, not another\'s', async () => {
    const acmeFlow = (await asMember(h, dev, 'POST', '/campaigns', { name: 'Acme flow', definition })).body.data.id as string;
    await asMember(h, dev, 'POST', `/campaigns/${acmeFlow}/publish`);
    const globexFlow = (await asMember(h, other, 'POST', '/campaigns', { name: 'Globex flow', definition })).body.data.id as string;
    await asMember(h, other, 'POST', `/campaigns/${globexFlow}/publish`);
    const acmeKey = (await h.createKey()).apiKey;
    const globexKey = (await h.createKey({ orgId: otherOrgId })).apiKey;

    expect((await createCompany(acmeKey, acmeFlow)).body.data).toMatchObject({ campaignId: acmeFlow, campaignVersion: 1 });
    expect((await createCompany(globexKey, globexFlow)).status).toBe(200);
    expect((await createCompany(globexKey, 'default')).status).toBe(200);
    const refused = await createCompany(globexKey, acmeFlow);
    const unknown = await createCompany(globexKey, 'no-such-campaign');
    expect(refused.status).toBe(400);
    // The same answer as an unknown campaign: nothing tells that the id exists.
    expect(refused.body).toEqual(unknown.body);
    expect((await createCompany(acmeKey, globexFlow)).body).toEqual(unknown.body);
  });
});
