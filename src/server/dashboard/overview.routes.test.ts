import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../contract/overview';
import { insertCompany } from '../company/company.testkit';
import { cardBackJpeg, cardJpeg, createSession, hostedPath, liveSelfie, upload } from '../individual/routes/hosted.testkit';
import { flowSessions } from '../db/schema';
import { sweepExpired } from '../jobs/expiry-sweeper';
import { createHarness, type Harness } from '../testing/harness';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

// The overview is counted from what the hosted flows do: sessions driven through the real routes
// here, then read back as a funnel, step times, retries, outcomes and device split.
let h: Harness;
let key: { id: string; apiKey: string };
let reviewer: SignedIn;
let developer: SignedIn;
let stranger: SignedIn;

const android = 'Mozilla/5.0 (Linux; Android 10; SM-A105F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const open = (id: string, ua?: string) => h.request('GET', hostedPath(id), { headers: ua ? { 'user-agent': ua } : {} });
const post = (id: string, rest: string, body?: unknown) => h.request('POST', hostedPath(id, rest), body ? { body } : {});
const forceOutcome = (id: string, outcome: 'successful' | 'failed', reason = '') =>
  h.request('POST', `/api/v1/test/verifications/${id}/outcome`, { key: key.apiKey, body: { outcome, reason } });
const overview = async (who: SignedIn, query = '') => {
  const res = await asMember(h, who, 'GET', `/overview${query}`);
  expect(res.status).toBe(200);
  return res.body.data as Overview;
};
const reachedOf = (o: Overview) => Object.fromEntries(o.funnel.map((s) => [s.step, s.reached]));

beforeAll(async () => {
  h = await createHarness();
  key = await h.createKey({ name: 'overview test' });
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  developer = await signedInMember(h, 'dev@acme.test', 'developer');
  const org = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Elsewhere' } })).body.data;
  stranger = await signedInMember(h, 'rev@elsewhere.test', 'reviewer', org.id);

  // A: an Android phone, retakes the front once, is declined.
  const a = await createSession(h, key.apiKey);
  expect((await open(a, android)).status).toBe(200);
  h.clock.advance(4_000);
  await post(a, '/start');
  h.clock.advance(6_000);
  await h.request('PUT', hostedPath(a, '/document'), { body: { type: 'NATIONAL_ID', issuingState: 'NGA' } });
  h.clock.advance(12_000);
  expect((await upload(h, a, 'document-front', await cardJpeg())).status).toBe(200);
  h.clock.advance(20_000);
  expect((await upload(h, a, 'document-front', await cardJpeg())).status).toBe(200);
  expect((await upload(h, a, 'document-back', await cardBackJpeg())).status).toBe(200);
  await liveSelfie(h, a);
  // A reason with a person's data in it, as a reviewer or the customer might write it.
  expect((await forceOutcome(a, 'failed', 'Document expired; the passport of Jane Roe (born 1990-02-03) looks altered')).status).toBe(200);
  expect((await post(a, '/submit')).status).toBe(200);

  // B: an iPhone, a passport (no back side), approved.
  const b = await createSession(h, key.apiKey);
  await open(b, iphone);
  await open(b, iphone); // a reload is not a second session
  await post(b, '/start');
  await h.request('PUT', hostedPath(b, '/document'), { body: { type: 'PASSPORT', issuingState: 'NGA' } });
  h.clock.advance(12_000);
  await upload(h, b, 'document-front', await cardJpeg());
  await liveSelfie(h, b);
  await forceOutcome(b, 'successful');
  expect((await post(b, '/submit')).status).toBe(200);

  // C: a desktop that starts and lets the link expire; D opens and leaves; E is never opened.
  const c = await createSession(h, key.apiKey);
  await open(c, firefox);
  await post(c, '/start');
  expect((await h.request('POST', `/api/v1/test/verifications/${c}/expire`, { key: key.apiKey })).status).toBe(200);
  const d = await createSession(h, key.apiKey);
  await open(d);
  await createSession(h, key.apiKey);

  // A company representative who fills the first section and moves to the second.
  const company = await insertCompany(h.ctx, { apiKeyId: key.id });
  const headers = { 'x-hosted-token': company.token, 'user-agent': firefox };
  expect((await h.request('GET', `/api/v1/hosted/company-verifications/${company.id}`, { headers })).status).toBe(200);
  const saved = await h.request('PATCH', `/api/v1/hosted/company-verifications/${company.id}/draft`, { headers, body: { section: 'business', data: { legalName: 'Acme Ltd' }, currentStep: 1 } });
  expect(saved.status).toBe(200);
});
afterAll(async () => { await h.close(); });

describe('the overview', () => {
  it('counts the funnel of opened sessions with each stage\'s drop-off (a passport skips the back side)', async () => {
    const o = await overview(reviewer);
    expect(o.opened).toBe(4);
    expect(reachedOf(o)).toEqual({ opened: 4, started: 3, document: 2, front: 2, back: 1, selfie: 2, submitted: 2, decided: 2 });
    expect(Object.fromEntries(o.funnel.map((s) => [s.step, s.dropOff]))).toEqual({
      opened: 1, started: 1, document: 0, front: 0, back: 0, selfie: 0, submitted: 0, decided: 0,
    });
  });

  it('times each step from the milestone before it and counts retried captures', async () => {
    const o = await overview(reviewer);
    const front = o.steps.find((s) => s.step === 'front')!;
    expect(front).toMatchObject({ reached: 2, retried: 1 });
    // Both fronts came 12 s after the document was chosen: inside the [10, 15) s bucket.
    expect(front.p50Seconds).toBeGreaterThanOrEqual(10);
    expect(front.p90Seconds).toBeLessThanOrEqual(15);
    expect(o.steps.find((s) => s.step === 'selfie')).toMatchObject({ reached: 2, retried: 0 });
  });

  it('gives outcomes with their reasons, the device and browser split and the volume per day', async () => {
    const o = await overview(developer);
    const outcomes = Object.fromEntries(o.outcomes.map((x) => [x.outcome, x.count]));
    expect(outcomes).toMatchObject({ approved: 1, declined: 1, abandoned: 1, cancelled: 0 });
    // Reasons are counted by code: the automatic check's, and `other` for anyone's own words.
    expect(o.reasons.filter((r) => r.outcome === 'declined')).toEqual([
      { outcome: 'declined', reason: 'document_expired', count: 1 }, { outcome: 'declined', reason: 'other', count: 1 },
    ]);
    expect(JSON.stringify(o)).not.toMatch(/Jane|Roe|1990/);
    expect(o.devices).toEqual(expect.arrayContaining([
      { device: 'mobile', opened: 2, submitted: 2 }, { device: 'desktop', opened: 1, submitted: 0 }, { device: 'unknown', opened: 1, submitted: 0 },
    ]));
    expect(o.browsers.map((b) => b.browser).sort()).toEqual(['Chrome', 'Firefox', 'Safari', 'unknown']);
    const today = h.clock.now().toISOString().slice(0, 10);
    expect(o.volume.find((v) => v.day === today)).toEqual({ day: today, opened: 4, submitted: 2, decided: 2 });
    expect(o.volume).toHaveLength(30);
  });

  it('reads the company flow by campaign version, with the steps the representative reached', async () => {
    const o = await overview(reviewer, '?family=company');
    expect(reachedOf(o)).toMatchObject({ opened: 1, started: 1, business: 1, contact: 1, submitted: 0 });
    expect(o.flowVersions).toHaveLength(1);
    expect(o.flowVersions[0]!.label).toMatch(/· v\d+$/);
    const same = await overview(reviewer, `?family=company&flowVersion=${encodeURIComponent(o.flowVersions[0]!.id)}`);
    expect(same.opened).toBe(1);
    expect((await overview(reviewer, '?family=company&flowVersion=nothing')).opened).toBe(0);
  });

  it('filters by key and period, and shows another organisation nothing', async () => {
    expect((await overview(reviewer, `?apiKeyId=${key.id}`)).opened).toBe(4);
    expect((await overview(reviewer, '?apiKeyId=k_other')).opened).toBe(0);
    expect((await overview(reviewer, '?from=2020-01-01&to=2020-01-31')).opened).toBe(0);
    expect((await overview(stranger)).opened).toBe(0);
  });

  it('refuses a bad period in the envelope', async () => {
    const backwards = await asMember(h, reviewer, 'GET', '/overview?from=2026-02-01&to=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ status: false, code: 400 });
    expect((await asMember(h, reviewer, 'GET', '/overview?from=2024-01-01&to=2026-01-01')).status).toBe(400);
    expect((await asMember(h, reviewer, 'GET', '/overview?from=yesterday')).status).toBe(400);
    expect((await asMember(h, reviewer, 'GET', '/overview?from=2026-02-30')).status).toBe(400);
    expect((await asMember(h, reviewer, 'GET', '/overview?to=9999-99-99')).status).toBe(400);
    expect((await h.request('GET', '/api/dashboard/overview')).status).toBe(401);
  });

  it('drops each session\'s own row after 90 days and keeps the counters', async () => {
    const before = await overview(reviewer);
    const from = before.period.to;
    h.clock.advance(91 * 86_400_000);
    const swept = await sweepExpired(h.ctx);
    expect(swept.flowSessions).toBe(5); // four individual sessions and the company one
    expect(await h.ctx.db.select().from(flowSessions)).toHaveLength(0);
    // Member sessions last 7 days at most: someone signs in afresh.
    const later = await overview(await signedInMember(h, 'later@acme.test', 'reviewer'), `?from=${from}&to=${from}`);
    expect(later.opened).toBe(4);
    expect(reachedOf(later)).toEqual(reachedOf(before));
  });
});
