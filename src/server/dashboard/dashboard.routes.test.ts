import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../db/schema';
import { eventsOf } from '../individual/routes/hosted.testkit';
import { dashboardListSchema } from '../../contract/dashboard';
import { meSchema } from '../../contract/accounts';
import { createHarness, type Harness } from '../testing/harness';
import type { VerificationId } from '../../contract/ids';
import { testVerificationId } from '../testing/test-ids';
import { clearIndividualMedia } from '../retention/erase-media';

// The dashboard's verification list: both families, newest first, filters, counts, and nothing
// of another organisation, ever.
let h: Harness;
let acme: { cookie: string; csrf: string };
let globex: { cookie: string; csrf: string };
let acmeKey: { id: string; apiKey: string };
const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });

async function signedIn(email: string, role: string, orgId?: string) {
  const m = await h.request('POST', '/api/admin/users', { headers: admin(), body: { email, role, ...(orgId ? { orgId } : {}) } });
  const token = new URL(m.body.data.signInUrl).hash.replace('#token=', '');
  const res = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'a long enough passphrase' } });
  const me = meSchema.parse(res.body.data);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: me.csrfToken };
}

beforeAll(async () => {
  h = await createHarness();
  const org = (await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Globex' } })).body.data;
  acmeKey = await h.createKey({ name: 'acme test' });
  const globexKey = await h.createKey({ name: 'globex live', mode: 'live', orgId: org.id });
  for (const vendorData of ['alice', 'bob', 'carol']) {
    await h.request('POST', '/api/v1/verifications', { key: acmeKey.apiKey, body: { vendorData } });
    h.clock.advance(1000);
  }
  await h.request('POST', '/api/v1/company-verifications', { key: acmeKey.apiKey, body: { vendorData: 'acme-co' } });
  await h.request('POST', '/api/v1/verifications', { key: globexKey.apiKey, body: { vendorData: 'globex-secret' } });
  acme = await signedIn('rev@acme.test', 'reviewer');
  globex = await signedIn('rev@globex.test', 'reviewer', org.id);
});
afterAll(async () => { await h.close(); });

const list = async (who: { cookie: string }, query = '') => {
  const res = await h.request('GET', `/api/dashboard/verifications${query}`, { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  return dashboardListSchema.parse(res.body.data);
};

describe('dashboard verification list', () => {
  it('lists both families of the organisation, newest first, with counts', async () => {
    const all = await list(acme);
    expect(all.items.map((i) => i.vendorData)).toEqual(['acme-co', 'carol', 'bob', 'alice']);
    expect(all.items[0]).toMatchObject({ family: 'company', id: expect.stringMatching(/^cv_/), keyName: 'acme test', keyMode: 'test' });
    expect(all.total).toBe(4);
    expect(all.counts).toEqual({ individual: { 'not started': 3 }, company: { 'not started': 1 }, waitingForReview: 0 });
    expect(all.keys).toEqual([{ id: acmeKey.id, name: 'acme test', mode: 'test', revoked: false }]);
  });

  it('filters by family, status, key, date and search; pages', async () => {
    expect((await list(acme, '?family=company')).items.map((i) => i.vendorData)).toEqual(['acme-co']);
    expect((await list(acme, '?status=successful')).items).toEqual([]);
    expect((await list(acme, `?keyId=${acmeKey.id}&family=individual`)).total).toBe(3);
    expect((await list(acme, '?q=BO')).items.map((i) => i.vendorData)).toEqual(['bob']);
    expect((await list(acme, '?from=2026-01-05&to=2026-01-05')).total).toBe(4);
    expect((await list(acme, '?from=2026-01-06')).total).toBe(0);
    const page2 = await list(acme, '?limit=2&page=2');
    expect(page2.items.map((i) => i.vendorData)).toEqual(['bob', 'alice']);
    expect((await h.request('GET', '/api/dashboard/verifications?family=bank', { headers: { cookie: acme.cookie } })).status).toBe(400);
  });

  it('shows nothing of another organisation, by list, search or id', async () => {
    const theirs = await list(globex);
    expect(theirs.items.map((i) => i.vendorData)).toEqual(['globex-secret']);
    expect((await list(acme, '?q=globex')).items).toEqual([]);
    expect((await list(globex, '?q=alice')).items).toEqual([]);
    expect((await h.request('GET', '/api/dashboard/verifications')).status).toBe(401);
  });

  it('exports the filtered list as CSV, audited with its filters; another organisation\'s cases are not in it', async () => {
    const csv = (query = '') => h.request('GET', `/api/dashboard/verifications/export.csv${query}`, { headers: { cookie: acme.cookie } });
    const res = await csv('?q=BO');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="verifications-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('family,id,status,statusCode,waitingForReview,name,country,risk,assignee,submittedAt,dueAt,vendorData,keyName,keyMode,createdAt,updatedAt');
    expect(lines.slice(1).map((l) => l.split(',')[11])).toEqual(['bob']);
    const all = (await csv()).body as string;
    expect(all.trim().split('\r\n')).toHaveLength(5);
    expect(all).not.toContain('globex-secret');
    const owner = await signedIn('owner-export@acme.test', 'owner');
    const audit = await h.request('GET', '/api/dashboard/audit', { headers: { cookie: owner.cookie } });
    expect(audit.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'verifications.exported', actorEmail: 'rev@acme.test', detail: expect.objectContaining({ filters: { q: 'BO' }, rows: 1 }) })]));
    expect((await csv('?family=bank')).status).toBe(400);
  });
});

describe('dashboard individual case', () => {
  /** A live-key session waiting for a specialist (the state the automatic checks leave it in). */
  async function inReview(): Promise<VerificationId> {
    const key = await h.createKey({ name: 'acme live', mode: 'live' });
    const id = testVerificationId((await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: { vendorData: 'dan' } })).body.data.verificationId);
    await h.ctx.db.update(verifications).set({ status: 'completed', statusCode: 2001, decision: 'review', verificationMethod: 'manual', submittedAt: h.clock.now() }).where(eq(verifications.id, id));
    return id;
  }
  const decide = (who: { cookie: string; csrf?: string }, id: string, body: unknown) =>
    h.request('POST', `/api/dashboard/verifications/individual/${id}/decide`, { headers: { cookie: who.cookie, ...(who.csrf ? { 'x-csrf-token': who.csrf } : {}) }, body });

  it('shows the case and records a reviewer\'s decline with its reason, who and when; the decision webhook carries it', async () => {
    const id = await inReview();
    const view = await h.request('GET', `/api/dashboard/verifications/individual/${id}`, { headers: { cookie: acme.cookie } });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ record: { id, status: 'completed', decision: 'review' }, checks: null, audit: [] });
    expect((await list(acme, '?waiting=1')).items.map((i) => i.id)).toEqual([id]);

    expect((await decide({ cookie: acme.cookie }, id, { decision: 'failed', reason: 'x' })).body.error.code).toBe('csrf');
    expect((await decide(acme, id, { decision: 'failed' })).status).toBe(400);
    expect((await decide(acme, id, { decision: 'resubmit' })).status).toBe(400);
    const res = await decide(acme, id, { decision: 'failed', reason: 'The document photo is of a screen' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'failed', reason: 'The document photo is of a screen', verificationMethod: 'manual' });
    const events = await eventsOf(h, id);
    expect(events.at(-1)).toMatchObject({ type: 'verification.failed', data: { reason: 'The document photo is of a screen' } });
    const after = await h.request('GET', `/api/dashboard/verifications/individual/${id}`, { headers: { cookie: acme.cookie } });
    expect(after.body.data.audit).toEqual([expect.objectContaining({ actorEmail: 'rev@acme.test', action: 'verification.declined', detail: { reason: 'The document photo is of a screen' } })]);
    expect(after.body.data.deliveries.map((d: { event: string }) => d.event)).toContain('verification.failed');
    expect((await decide(acme, id, { decision: 'successful' })).body.error.code).toBe('not_in_review');
  });

  it('asking for new photos keeps the try sent back on the case (images, checks, reason); erasing the media takes its files too', async () => {
    const id = await inReview();
    const media = { selfie: `verifications/${id}/selfie.jpg`, front: `verifications/${id}/front.jpg`, back: `verifications/${id}/back.jpg` };
    const checks = { version: 1, outcome: 'review', reasons: ['face mismatch'] };
    await h.ctx.db.update(verifications).set({ media, checks }).where(eq(verifications.id, id));
    const sent = await decide(acme, id, { decision: 'resubmit', reason: 'The photo of the card is blurred' });
    expect(sent.status).toBe(200);
    const view = (await h.request('GET', `/api/dashboard/verifications/individual/${id}`, { headers: { cookie: acme.cookie } })).body.data;
    // The record's own captures are cleared for the new try; the earlier one is kept beside it.
    expect(view.record.doc.url.front).toBe('');
    expect(view.earlierAttempts).toEqual([expect.objectContaining({ attempt: 1, reason: 'The photo of the card is blurred', checks: expect.objectContaining({ reasons: ['face mismatch'] }) })]);
    expect(view.earlierAttempts[0].images.front).toMatch(/\/media\/.+sig=[0-9a-f]{64}/);
    const keys = await h.ctx.db.transaction((tx) => clearIndividualMedia(tx, id, h.clock.now()));
    expect(keys).toEqual(expect.arrayContaining(Object.values(media)));
    const erased = (await h.request('GET', `/api/dashboard/verifications/individual/${id}`, { headers: { cookie: acme.cookie } })).body.data;
    expect(erased.earlierAttempts[0]).toMatchObject({ reason: 'The photo of the card is blurred', images: { selfie: '', front: '', back: '' } });
  });

  it('refuses a developer\'s decision and hides the case from another organisation', async () => {
    const id = await inReview();
    const dev = await signedIn('dev@acme.test', 'developer');
    expect((await decide(dev, id, { decision: 'successful' })).body.error.code).toBe('forbidden');
    expect((await h.request('GET', `/api/dashboard/verifications/individual/${id}`, { headers: { cookie: globex.cookie } })).status).toBe(404);
    expect((await decide(globex, id, { decision: 'successful' })).status).toBe(404);
    const row = await h.request('GET', `/api/v1/verifications/${id}`, { key: (await h.createKey()).apiKey });
    expect(row.status).toBe(400);
    expect((await decide(acme, id, { decision: 'successful' })).body.data.status).toBe('successful');
  });
});
