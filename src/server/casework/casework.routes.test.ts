import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseWorkSchema } from '../../contract/casework';
import { dashboardListSchema } from '../../contract/dashboard';
import type { VerificationId } from '../../contract/ids';
import { submittedCompany } from '../company/company.testkit';
import { asMember, signedInMember, type SignedIn } from '../dashboard/dashboard.testkit';
import { auditEvents, companyVerifications, verifications, webhookEvents } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { testVerificationId } from '../testing/test-ids';

// A team's queue: claim and assign, notes that stay inside, four-eyes, bulk moves, saved views,
// and the list's columns and counts that follow the filters.
let h: Harness;
let ann: SignedIn;
let ben: SignedIn;
let owner: SignedIn;
let dev: SignedIn;
let other: SignedIn;
let key: { id: string; apiKey: string };

beforeAll(async () => {
  h = await createHarness();
  const org = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Elsewhere' } })).body.data;
  key = await h.createKey({ name: 'queue live', mode: 'live' });
  ann = await signedInMember(h, 'ann@acme.test', 'reviewer');
  ben = await signedInMember(h, 'ben@acme.test', 'reviewer');
  owner = await signedInMember(h, 'owner@acme.test', 'admin');
  dev = await signedInMember(h, 'dev@acme.test', 'developer');
  other = await signedInMember(h, 'rev@elsewhere.test', 'reviewer', org.id);
});
afterAll(async () => { await h.close(); });

/** A live session waiting for a specialist, with the name its document gave. */
async function waiting(firstName: string, lastName: string): Promise<VerificationId> {
  const id = testVerificationId((await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: { vendorData: firstName.toLowerCase() } })).body.data.verificationId);
  await h.ctx.db.update(verifications).set({
    status: 'completed', statusCode: 2001, decision: 'review', verificationMethod: 'manual', submittedAt: h.clock.now(),
    issuingState: 'GHA', docInfo: { firstName, lastName }, checks: { version: 1, outcome: 'review', reasons: ['face uncertain'] },
  }).where(eq(verifications.id, id));
  h.clock.advance(60_000);
  return id;
}
const list = async (who: SignedIn, query = '') => dashboardListSchema.parse((await asMember(h, who, 'GET', `/verifications${query}`)).body.data);
const work = async (who: SignedIn, family: string, id: string) => caseWorkSchema.parse((await asMember(h, who, 'GET', `/verifications/${family}/${id}/work`)).body.data);
const auditOf = async (subjectId: string) => (await h.ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, subjectId))).map((a) => ({ action: a.action, by: a.actorEmail, detail: a.detail }));

describe('the queue', () => {
  it('shows name, country, risk, waiting time and due date; counts follow the filters; oldest waiting first', async () => {
    const first = await waiting('Kofi', 'Mensah');
    const second = await waiting('Ama', 'Owusu');
    const q = await list(ann, `?waiting=1&keyId=${key.id}&sort=oldest`);
    expect(q.items.map((i) => i.id).slice(0, 2)).toEqual([first, second]);
    const item = q.items.find((i) => i.id === first)!;
    expect(item).toMatchObject({ name: 'Kofi Mensah', country: 'GHA', risk: 'medium', assignee: null, awaitingSecondReview: false });
    // The key sets no review time: the default 24 hours from submission.
    expect(Date.parse(item.dueAt!) - Date.parse(item.submittedAt!)).toBe(24 * 3600_000);
    expect((await list(ann, '?q=owusu')).items.map((i) => i.id)).toEqual([second]);
    const noneOfKey = await list(ann, '?keyId=k_nothing_here');
    expect(noneOfKey.counts).toEqual({ individual: {}, company: {}, waitingForReview: 0 });
    expect((await list(ann, `?keyId=${key.id}`)).counts.waitingForReview).toBe(q.total);
  });

  it('a reviewer claims a case, gives another to a colleague; a developer or another organisation\'s member cannot be given one', async () => {
    const id = await waiting('Yaw', 'Boateng');
    const claimed = await asMember(h, ann, 'PUT', `/verifications/individual/${id}/assignee`, { assigneeId: ann.me.member.id });
    expect(claimed.status).toBe(200);
    expect((await list(ann, '?assignee=me')).items.map((i) => i.id)).toContain(id);
    expect((await list(ben, '?assignee=me')).items.map((i) => i.id)).not.toContain(id);
    expect((await list(ben, '?assignee=none&waiting=1')).items.map((i) => i.id)).not.toContain(id);
    expect((await work(ben, 'individual', id)).assignee).toEqual({ id: ann.me.member.id, email: 'ann@acme.test' });

    expect((await asMember(h, ann, 'PUT', `/verifications/individual/${id}/assignee`, { assigneeId: dev.me.member.id })).body.error.code).toBe('not_a_reviewer');
    expect((await asMember(h, ann, 'PUT', `/verifications/individual/${id}/assignee`, { assigneeId: other.me.member.id })).body.error.code).toBe('not_a_reviewer');
    expect((await asMember(h, other, 'PUT', `/verifications/individual/${id}/assignee`, { assigneeId: other.me.member.id })).status).toBe(404);
    expect((await asMember(h, dev, 'GET', `/verifications/individual/${id}/work`)).status).toBe(403);
    expect((await asMember(h, ann, 'PUT', `/verifications/individual/${id}/assignee`, { assigneeId: ben.me.member.id })).status).toBe(200);
    expect((await list(ann, `?assignee=${ben.me.member.id}`)).items.find((i) => i.id === id)?.assignee).toEqual({ id: ben.me.member.id, email: 'ben@acme.test' });
    expect(await auditOf(id)).toEqual([
      { action: 'case.claimed', by: 'ann@acme.test', detail: { family: 'individual', assignee: 'ann@acme.test' } },
      { action: 'case.assigned', by: 'ann@acme.test', detail: { family: 'individual', assignee: 'ben@acme.test', previous: 'ann@acme.test' } },
    ]);
  });

  it('notes stay on the case: audited by length, never in a webhook; gone when the case is redacted', async () => {
    const id = await waiting('Esi', 'Asante');
    const text = 'Called the customer: the licence was renewed in March, NOTE-7731';
    expect((await asMember(h, ann, 'POST', `/verifications/individual/${id}/notes`, { body: '   ' })).status).toBe(400);
    expect((await asMember(h, ann, 'POST', `/verifications/individual/${id}/notes`, { body: text })).status).toBe(200);
    expect((await work(ben, 'individual', id)).notes).toEqual([expect.objectContaining({ authorEmail: 'ann@acme.test', body: text })]);
    expect((await auditOf(id)).find((a) => a.action === 'case.note_added')?.detail).toMatchObject({ length: text.length });
    expect((await asMember(h, ann, 'POST', `/verifications/individual/${id}/decide`, { decision: 'successful' })).status).toBe(200);
    const bodies = (await h.ctx.db.select({ body: webhookEvents.body }).from(webhookEvents).where(eq(webhookEvents.subjectId, id))).map((e) => e.body);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.join('\n')).not.toContain('NOTE-7731');
    expect(JSON.stringify((await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body)).not.toContain('NOTE-7731');
    expect((await h.request('POST', `/api/v1/verifications/${id}/redact`, { key: key.apiKey })).status).toBe(200);
    expect((await work(ann, 'individual', id)).notes).toEqual([]);
  });

  it('four-eyes: one reviewer\'s decline waits; the same reviewer cannot confirm it; a second one confirms it', async () => {
    expect((await asMember(h, ann, 'PUT', '/review-settings', { fourEyes: true })).body.error.code).toBe('forbidden');
    expect((await asMember(h, owner, 'PUT', '/review-settings', { fourEyes: true })).status).toBe(200);
    const id = await waiting('Kwame', 'Addo');
    const decide = (who: SignedIn, body: unknown) => asMember(h, who, 'POST', `/verifications/individual/${id}/decide`, body);
    const proposed = await decide(ann, { decision: 'failed', reason: 'The card is a printed copy' });
    expect(proposed.status).toBe(200);
    expect(proposed.body.data).toMatchObject({ record: { status: 'completed', decision: 'review' }, pending: { decision: 'failed', email: 'ann@acme.test' } });
    expect((await list(ben, '?waiting=1')).items.find((i) => i.id === id)?.awaitingSecondReview).toBe(true);
    expect((await decide(ann, { decision: 'failed', reason: 'again' })).body.error.code).toBe('four_eyes_same_reviewer');
    // The dashboard's confirm button sends the proposal's reason (a decline always has one).
    const confirmed = await decide(ben, { decision: 'failed', reason: 'The card is a printed copy' });
    expect(confirmed.body.data).toMatchObject({ status: 'failed', reason: 'The card is a printed copy' });
    expect((await work(ann, 'individual', id)).pending).toBeNull();
    expect((await auditOf(id)).map((a) => `${a.action} ${a.by}`)).toEqual(['verification.decision_proposed ann@acme.test', 'verification.declined ben@acme.test']);

    // A different decision replaces the proposal and needs its own second pair of eyes.
    const other2 = await waiting('Abena', 'Darko');
    await asMember(h, ann, 'POST', `/verifications/individual/${other2}/decide`, { decision: 'failed', reason: 'blurred' });
    const replaced = await asMember(h, ben, 'POST', `/verifications/individual/${other2}/decide`, { decision: 'successful' });
    expect(replaced.body.data.pending).toMatchObject({ decision: 'successful', email: 'ben@acme.test' });
    expect((await asMember(h, ann, 'POST', `/verifications/individual/${other2}/decide`, { decision: 'successful' })).body.data.status).toBe('successful');
    // Asking for new photos is not final: never held.
    const third = await waiting('Kojo', 'Appiah');
    const sentBack = await asMember(h, ann, 'POST', `/verifications/individual/${third}/decide`, { decision: 'resubmit', reason: 'glare' });
    expect(sentBack.body.data).toMatchObject({ status: 'started', reason: 'glare' });
    expect((await work(ann, 'individual', third)).pending).toBeNull();
    await asMember(h, owner, 'PUT', '/review-settings', { fourEyes: false });
  });

  it('bulk: assigns many cases at once and decides many with one reason, each on its own', async () => {
    const ids = [await waiting('Efua', 'Mensah'), await waiting('Kwesi', 'Ofori'), await waiting('Akua', 'Sarpong')];
    const company = await submittedCompany(h.ctx, { apiKeyId: key.id });
    const [co] = await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, company.id));
    const items = [...ids.map((id) => ({ family: 'individual', id })), { family: 'company', id: co!.publicId }];
    const assigned = await asMember(h, ann, 'POST', '/verifications/bulk', { action: 'assign', assigneeId: ben.me.member.id, items });
    expect(assigned.body.data.results.map((r: { result: string }) => r.result)).toEqual(['assigned', 'assigned', 'assigned', 'assigned']);
    expect((await list(ben, '?assignee=me&waiting=1')).items.map((i) => i.id)).toEqual(expect.arrayContaining([...ids, co!.publicId]));
    expect((await asMember(h, ann, 'POST', '/verifications/bulk', { action: 'decide', decision: 'failed', items })).status).toBe(400);
    const decided = await asMember(h, ben, 'POST', '/verifications/bulk', {
      action: 'decide', decision: 'failed', reason: 'Duplicate sign-ups of one fraud ring', items: [...items, { family: 'individual', id: 'v_not_a_case' }],
    });
    expect(decided.body.data.results.map((r: { result: string }) => r.result)).toEqual(['decided', 'decided', 'decided', 'decided', 'not_found']);
    for (const id of ids) expect((await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data).toMatchObject({ status: 'failed', reason: 'Duplicate sign-ups of one fraud ring' });
    const again = await asMember(h, ben, 'POST', '/verifications/bulk', { action: 'decide', decision: 'successful', items: items.slice(0, 1) });
    expect(again.body.data.results[0].result).toBe('not_in_review');
    expect((await asMember(h, other, 'POST', '/verifications/bulk', { action: 'assign', assigneeId: null, items })).body.data.results.every((r: { result: string }) => r.result === 'not_found')).toBe(true);
    expect((await asMember(h, ann, 'POST', '/verifications/bulk', { action: 'assign', assigneeId: null, items: [] })).status).toBe(400);
  });

  it('a member who leaves the team gives their cases back to nobody', async () => {
    const carl = await signedInMember(h, 'carl@acme.test', 'reviewer');
    const id = await waiting('Nana', 'Yeboah');
    await asMember(h, carl, 'PUT', `/verifications/individual/${id}/assignee`, { assigneeId: carl.me.member.id });
    expect((await asMember(h, owner, 'DELETE', `/team/${carl.me.member.id}`)).status).toBe(200);
    expect((await list(ann, '?assignee=none&waiting=1')).items.map((i) => i.id)).toContain(id);
    expect((await work(ann, 'individual', id)).assignee).toBeNull();
  });

  it('saved views are each member\'s own; saving a name again updates it', async () => {
    expect((await asMember(h, ann, 'POST', '/saved-filters', { name: 'Mine', query: '?waiting=1' })).status).toBe(400);
    const saved = (await asMember(h, ann, 'POST', '/saved-filters', { name: 'Mine', query: 'waiting=1&assignee=me' })).body.data;
    await asMember(h, ann, 'POST', '/saved-filters', { name: 'Mine', query: 'waiting=1&assignee=me&sort=oldest' });
    expect((await asMember(h, ann, 'GET', '/saved-filters')).body.data).toEqual([expect.objectContaining({ id: saved.id, name: 'Mine', query: 'waiting=1&assignee=me&sort=oldest' })]);
    expect((await asMember(h, ben, 'GET', '/saved-filters')).body.data).toEqual([]);
    expect((await asMember(h, ben, 'DELETE', `/saved-filters/${saved.id}`)).status).toBe(404);
    expect((await asMember(h, ann, 'DELETE', `/saved-filters/${saved.id}`)).status).toBe(200);
    expect((await asMember(h, ann, 'GET', '/saved-filters')).body.data).toEqual([]);
  });
});
