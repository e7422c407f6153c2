import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPoseFrames } from '../../../test-support/faces/liveness-frames';
import { makeIdCardFrame } from '../../../test-support/cards/id-card';
import { makeIdCardBackFrame } from '../../../test-support/cards/id-card-back';
import { createOrg } from '../accounts/org-store';
import { createApp } from '../app';
import { collectAndSubmit } from '../individual/collected/collected.testkit';
import { enqueueDecisionJob } from '../decisions/decision-jobs';
import { startJobs, type Jobs } from '../jobs/jobs';
import { createHarness, type Harness } from '../testing/harness';
import { freePort } from '../testing/spawn-server';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { testVerificationId } from '../testing/test-ids';

// GET /metrics scraped over the app's whole HTTP stack, after real traffic: the values must move.
const TOKEN = `metrics-${randomBytes(24).toString('hex')}`;
const GRACE = 'e2e/fixtures/grace_hopper.jpg';
let h: Harness;
let rx: WebhookReceiver;
let jobs: Jobs | null = null;

beforeAll(async () => {
  h = await createHarness({ METRICS_TOKEN: TOKEN });
  rx = await startWebhookReceiver();
});
afterAll(async () => {
  await jobs?.stop();
  await rx.close();
  await h.close();
});

async function scrape(): Promise<string> {
  const r = await h.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return r.body as string;
}

/** The value of `name{labels…}` in Prometheus' text format (0 when the series is absent). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/);
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /metrics', () => {
  it('needs the bearer token, and is off (404) without METRICS_TOKEN', async () => {
    const none = await h.request('GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: false, code: 401, error: { code: 'metrics_token_required' } });
    expect((await h.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const off = createApp({ ...h.ctx, settings: { ...h.ctx.settings, metricsToken: undefined } }, { webRoot: '/nonexistent' });
    const res = await off.fetch(new Request('http://idv.test/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('idv_http_requests_total');
  });

  it('counts requests and their latency per route pattern, never per raw path', async () => {
    const key = (await h.createKey()).apiKey;
    const route = { method: 'GET', route: '/api/v1/verifications/:id', status: '200' };
    const before = await scrape();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await h.request('POST', '/api/v1/verifications', { key, body: { vendorData: `m-${i}` } });
      ids.push(created.body.data.verificationId as string);
      expect((await h.request('GET', `/api/v1/verifications/${ids[i]}`, { key })).status).toBe(200);
    }
    const after = await scrape();
    expect(value(after, 'idv_http_requests_total', route) - value(before, 'idv_http_requests_total', route)).toBe(3);
    const hist = { method: 'GET', route: '/api/v1/verifications/:id' };
    expect(value(after, 'idv_http_request_duration_seconds_count', hist) - value(before, 'idv_http_request_duration_seconds_count', hist)).toBe(3);
    expect(value(after, 'idv_http_request_duration_seconds_sum', hist)).toBeGreaterThan(value(before, 'idv_http_request_duration_seconds_sum', hist));
    for (const id of ids) expect(after).not.toContain(id);
  });

  it('counts refused uploads by the reason answered', async () => {
    const key = (await h.createKey()).apiKey;
    const id = (await h.request('POST', '/api/v1/verifications', { key, body: { vendorData: 'refused' } })).body.data.verificationId as string;
    await h.request('PUT', `/api/v1/verifications/${id}/document`, { key, body: { type: 'NATIONAL_ID', issuingState: 'UTO' } });
    const before = await scrape();
    const res = await h.request('PUT', `/api/v1/verifications/${id}/media/document-front`, { key, raw: new TextEncoder().encode('not a picture at all'), headers: { 'content-type': 'image/jpeg' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const reason = res.body.error.code as string;
    expect(reason).toMatch(/^[a-z_]+$/);
    const after = await scrape();
    expect(value(after, 'idv_uploads_refused_total', { reason }) - value(before, 'idv_uploads_refused_total', { reason })).toBe(1);
  });

  it('reports decision latency and queue depth, webhook delivery lag and failures per organisation', async () => {
    // A queued job (its session does not exist: the runner closes it) shows in the queue depth.
    await enqueueDecisionJob(h.ctx.db, testVerificationId(`ver_${randomBytes(8).toString('hex')}`), h.clock.now());
    expect(value(await scrape(), 'idv_decision_queue_depth', { state: 'queued' })).toBe(1);

    // Organisation B's receiver is down: its deliveries fail.
    const orgB = (await createOrg(h.ctx.db, 'Receiver down', h.clock.now())).id;
    const deadUrl = `http://127.0.0.1:${await freePort()}/events`;
    const keyB = (await h.createKey({ orgId: orgB, eventsUrl: deadUrl, decisionUrl: deadUrl })).apiKey;
    const liveA = await h.createKey({ mode: 'live', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') });
    rx.setSecret(liveA.apiKey);
    const before = await scrape();

    jobs = startJobs(h.ctx, { webhooks: { pollMs: 100 }, decisions: { pollMs: 100 } });
    const frames = await renderPoseFrames(GRACE, [{ yawDeg: 0, closed: 0 }, { yawDeg: 30, closed: 0 }, { yawDeg: 0, closed: 1 }, { yawDeg: 0, closed: 0 }]);
    const card = await makeIdCardFrame(GRACE, { width: 640, height: 480 }, { cardShare: 0.8 });
    const back = await makeIdCardBackFrame({ width: 640, height: 480 }, { cardShare: 0.8 });
    await h.request('POST', '/api/v1/verifications', { key: keyB, body: { vendorData: 'b' } });
    await collectAndSubmit(h, keyB, { front: card, back, selfie: frames[0]! });
    const id = await collectAndSubmit(h, liveA.apiKey, {
      front: card, back, selfie: frames[0]!, frames: { labels: ['neutral', 'turn-left', 'blink', 'return'], images: frames },
    });
    await rx.waitFor((r) => r.path === '/decision' && (r.json as { data?: { verificationId?: string } }).data?.verificationId === id, 90_000);
    await until(async () => value(await scrape(), 'idv_webhook_delivery_failures_total', { organisation: orgB, final: 'false' }) > 0, 15_000);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(moved('idv_decision_latency_seconds_count')).toBe(1);
    expect(moved('idv_decision_latency_seconds_sum')).toBeGreaterThan(0);
    expect(moved('idv_decision_duration_seconds_count', { result: 'decided' })).toBe(1);
    expect(value(after, 'idv_decision_queue_depth', { state: 'queued' })).toBe(0);
    expect(moved('idv_webhook_delivery_lag_seconds_count', { organisation: 'org_default' })).toBeGreaterThanOrEqual(3);
    expect(value(after, 'idv_webhook_delivery_lag_seconds_count', { organisation: orgB })).toBe(0);
    expect(value(after, 'idv_webhook_delivery_failures_total', { organisation: orgB, final: 'false' })).toBeGreaterThan(0);
    // Organisation B's undelivered events wait in backoff.
    expect(value(after, 'idv_webhook_pending_events', { organisation: orgB })).toBeGreaterThan(0);
  }, 150_000);
});
