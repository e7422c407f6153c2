import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeySchema, createdKeySchema } from '../../contract/admin';
import { captureAll, createSession, hostedPath } from '../individual/routes/hosted.testkit';
import { createHarness, type Harness } from '../testing/harness';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

// Developers section: keys and webhooks of the member's organisation only; reviewers refused.
let h: Harness;
let dev: SignedIn;
let reviewer: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  const org = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Globex' } })).body.data;
  dev = await signedInMember(h, 'dev@acme.test', 'developer');
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  other = await signedInMember(h, 'dev@globex.test', 'developer', org.id);
});
afterAll(async () => { await h.close(); });

describe('dashboard developers section', () => {
  it('creates a key shown whole once, lists hints only, updates, sends a test event, revokes; all audited', async () => {
    const created = await asMember(h, dev, 'POST', '/keys', { mode: 'test', name: 'Shop', eventsUrl: 'http://127.0.0.1:9/e', decisionUrl: 'http://127.0.0.1:9/d', orgId: 'org_elsewhere' });
    expect(created.status).toBe(200);
    const key = createdKeySchema.parse(created.body.data);
    expect(key.orgId).toBe('org_default');
    expect((await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: {} })).status).toBe(200);
    const list = await asMember(h, dev, 'GET', '/keys');
    expect(list.body.data.map((k: unknown) => adminKeySchema.parse(k).id)).toContain(key.id);
    expect(JSON.stringify(list.body)).not.toContain(key.apiKey);
    expect((await asMember(h, dev, 'PATCH', `/keys/${key.id}`, { name: 'Shop 2' })).body.data.name).toBe('Shop 2');
    const test = await asMember(h, dev, 'POST', `/keys/${key.id}/test-event`);
    expect(test.body.data.events).toHaveLength(2);
    const deliveries = await asMember(h, dev, 'GET', '/webhooks');
    expect(deliveries.body.data.map((d: { event: string }) => d.event)).toEqual(['webhook.test', 'webhook.test']);
    expect((await asMember(h, dev, 'POST', `/webhooks/${deliveries.body.data[0].id}/redeliver`)).status).toBe(200);
    expect((await asMember(h, dev, 'POST', `/keys/${key.id}/revoke`)).body.data.revokedAt).not.toBeNull();
    expect((await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: {} })).status).toBe(401);
    const audit = await h.ctx.db.query.auditEvents.findMany();
    expect(audit.filter((a) => a.actorEmail === 'dev@acme.test').map((a) => a.action)).toEqual(
      expect.arrayContaining(['key.created', 'key.updated', 'webhook.redelivered', 'key.revoked']));
    expect(JSON.stringify(audit)).not.toContain(key.apiKey);
  });

  it('refuses reviewers, and another organisation sees and touches none of it', async () => {
    expect((await asMember(h, reviewer, 'GET', '/keys')).body.error.code).toBe('forbidden');
    expect((await asMember(h, reviewer, 'POST', '/keys', { mode: 'live' })).status).toBe(403);
    const key = (await asMember(h, dev, 'POST', '/keys', { mode: 'live', name: 'Prod' })).body.data;
    expect((await asMember(h, other, 'GET', '/keys')).body.data).toEqual([]);
    expect((await asMember(h, other, 'GET', '/webhooks')).body.data).toEqual([]);
    expect((await asMember(h, other, 'PATCH', `/keys/${key.id}`, { name: 'mine' })).status).toBe(404);
    expect((await asMember(h, other, 'POST', `/keys/${key.id}/revoke`)).status).toBe(404);
    expect((await asMember(h, dev, 'GET', '/keys')).body.data.find((k: { id: string }) => k.id === key.id).revokedAt).toBeNull();
  });

  it('shows a developer the deliveries of a decided verification without personal data or media links; an admin sees the bodies', async () => {
    const key = await h.createKey();
    const id = await createSession(h, key.apiKey, { vendorData: 'customer-ana@example.com' });
    await captureAll(h, id, 'NATIONAL_ID', 'NGA');
    expect((await h.request('POST', hostedPath(id, '/submit'))).status).toBe(200);
    await expect.poll(async () => (await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data.status).toBe('successful');
    const record = (await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data;

    const forDev = (await asMember(h, dev, 'GET', `/webhooks?keyId=${key.id}&limit=100`)).body.data as Array<{ event: string; subjectId: string; payloadRedacted: boolean; payload: { data: Record<string, unknown>; omitted: string[] } }>;
    const decided = forDev.find((d) => d.event === 'verification.successful');
    expect(decided).toBeDefined();
    expect(forDev.every((d) => d.payloadRedacted)).toBe(true);
    expect(decided!.payload.data).toMatchObject({ verificationId: id, status: 'successful' });
    expect(decided!.payload.omitted).toEqual(expect.arrayContaining(['docInfo', 'userSelfie', 'userIdFront', 'vendorData']));
    const shown = JSON.stringify(forDev);
    for (const personal of ['NGA', 'customer-ana', '://', record.selfie.url, record.doc.key.front]) expect(shown).not.toContain(personal);

    const admin = await signedInMember(h, 'admin@acme.test', 'admin');
    const forAdmin = (await asMember(h, admin, 'GET', `/webhooks?keyId=${key.id}&limit=100`)).body.data as Array<{ event: string; payloadRedacted: boolean; payload: { data: { docInfo?: unknown; vendorData?: string } } }>;
    const full = forAdmin.find((d) => d.event === 'verification.successful')!;
    expect(full.payloadRedacted).toBe(false);
    expect(full.payload.data.docInfo).toBeDefined();
    expect(full.payload.data.vendorData).toBe('customer-ana@example.com');

    // One case's deliveries: only its events; another id finds none of them.
    const other = await createSession(h, key.apiKey, { vendorData: 'someone-else' });
    const ofCase = (await asMember(h, admin, 'GET', `/webhooks?caseId=${id}&limit=100`)).body.data as Array<{ subjectId: string }>;
    expect(ofCase.length).toBeGreaterThan(0);
    expect(ofCase.every((d) => d.subjectId === id)).toBe(true);
    expect((await asMember(h, admin, 'GET', `/webhooks?caseId=${other}&limit=100`)).body.data.some((d: { subjectId: string }) => d.subjectId === id)).toBe(false);
  });
});
