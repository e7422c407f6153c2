import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdCardFrame } from '../../../test-support/cards/id-card';
import { collectAndSubmit } from '../individual/collected/collected.testkit';
import { enqueueDecisionJob } from '../decisions/decision-jobs';
import { individualDecisionSubject } from '../individual/apply-checks';
import { createDecisionRunner } from '../decisions/decision-runner';
import { settleDecisions } from '../individual/decision';
import { createLogger, logRef } from '../lib/logger';
import { createHarness, type Harness } from '../testing/harness';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../testing/otlp-receiver';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { createWebhookWorker } from '../webhooks/worker';
import { flushTracing, startTracing, stopTracing, tracingState } from './tracing';
import { testVerificationId } from '../testing/test-ids';

// The real SDK and exporter sending OTLP/HTTP JSON to a real collector on 127.0.0.1, and the app
// over its whole HTTP stack: what leaves the process is read back from the collector.
const GRACE = 'e2e/fixtures/grace_hopper.jpg';
const SERVER = 2;
const CLIENT = 3;

let h: Harness;
let otlp: OtlpReceiver;
let rx: WebhookReceiver;
beforeAll(async () => {
  otlp = await startOtlpReceiver();
  rx = await startWebhookReceiver();
  h = await createHarness({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_SERVICE_NAME: 'idv-test' });
  expect(await startTracing(h.ctx.settings, createLogger('silent'))).toBe('on');
});
afterAll(async () => {
  await stopTracing();
  await h?.close();
  await rx?.close();
  await otlp?.close();
});

const attr = (s: ReceivedSpan, k: string) => s.attributes[k];

describe('OpenTelemetry traces', () => {
  it('exports request, decision and webhook spans by route pattern, honouring traceparent, with no secret or id in them', async () => {
    const key = await h.createKey({ eventsUrl: `${rx.url('/events')}?token=query-secret-${randomBytes(4).toString('hex')}`, decisionUrl: rx.url('/decision') });
    const created = await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: { vendorData: 'trace' } });
    expect(created.status).toBe(200);
    const id = testVerificationId(created.body.data.verificationId);

    // A caller's trace: the request's span is its child.
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const read = await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey, headers: { traceparent: `00-${traceId}-${parentSpanId}-01` } });
    expect(read.status).toBe(200);
    const missing = randomBytes(16).toString('hex');
    const refused = await h.request('GET', `/api/v1/verifications/${missing}`, { key: key.apiKey });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    // A test-mode session submitted: its decision runs in a span under the submit request's.
    const card = await makeIdCardFrame(GRACE, { width: 640, height: 480 }, { cardShare: 0.8 });
    const submitted = await collectAndSubmit(h, key.apiKey, { front: card, selfie: readFileSync(GRACE) }, 'PASSPORT');
    await settleDecisions();
    // A decision job (the runner's) for a session no longer waiting: closed without analysis.
    await enqueueDecisionJob(h.ctx.db, id, h.clock.now());
    const runner = createDecisionRunner(h.ctx, individualDecisionSubject(h.ctx));
    expect(await runner.runOnce()).toBe(true);
    await runner.stop();
    // Webhook attempts: every event of both sessions.
    rx.setSecret(key.apiKey);
    const worker = createWebhookWorker(h.ctx, { timeoutMs: 5_000 });
    while (await worker.runOnce() > 0) { /* until nothing is due */ }
    await flushTracing();

    const spans = otlp.spans();
    const named = (name: string) => spans.filter((s) => s.name === name);
    expect(spans.every((s) => s.serviceName === 'idv-test')).toBe(true);

    const [create] = named('POST /api/v1/verifications');
    expect(create).toMatchObject({ kind: SERVER, attributes: { 'http.request.method': 'POST', 'http.route': '/api/v1/verifications', 'http.response.status_code': 200 } });
    const gets = named('GET /api/v1/verifications/:id');
    const child = gets.find((s) => s.traceId === traceId)!;
    expect(child).toMatchObject({ parentSpanId, attributes: { 'http.route': '/api/v1/verifications/:id', 'http.response.status_code': 200 } });
    expect(gets.map((s) => attr(s, 'http.response.status_code')).sort()).toEqual([200, refused.status]);
    // Without a traceparent a request starts its own trace.
    expect(create!.traceId).not.toBe(traceId);
    expect(create!.parentSpanId).toBe('');

    const submit = spans.find((s) => s.kind === SERVER && s.name.endsWith('/submit'))!;
    expect(submit.name).toBe('POST /api/v1/verifications/:id/submit');
    const [decision] = named('decision.submission');
    expect(decision).toMatchObject({ traceId: submit.traceId, parentSpanId: submit.spanId, attributes: { 'idv.verification.ref': logRef(submitted) } });
    expect(named('decision.job')).toMatchObject([{ attributes: { 'idv.verification.ref': logRef(id), 'idv.decision.result': 'not_waiting', 'idv.decision.attempt': 1 } }]);

    const deliveries = named('webhook.delivery');
    expect(deliveries.length).toBe(rx.events().length);
    expect(deliveries.length).toBeGreaterThan(2);
    expect(deliveries.every((s) => s.kind === CLIENT && attr(s, 'http.response.status_code') === 200 && attr(s, 'idv.webhook.attempt') === 1)).toBe(true);
    expect(new Set(deliveries.map((s) => attr(s, 'idv.webhook.event_type')))).toContain('verification.started');
    expect(new Set(deliveries.map((s) => attr(s, 'idv.webhook.destination')))).toEqual(new Set(['events', 'decision']));

    // Nothing that identifies a person or grants access leaves in the spans.
    const sent = otlp.bodies().join('\n');
    for (const secret of [key.apiKey, id, submitted, missing, 'query-secret', 'grace', 'Hopper', 'x-api-key', rx.url('/events')]) expect(sent).not.toContain(secret);
    expect(spans.every((s) => !/[0-9a-f]{32}/.test(s.name))).toBe(true);
  });

  it('stops cleanly: spans flushed, state off, a second stop is harmless', async () => {
    expect(tracingState()).toBe('on');
    await flushTracing();
    await h.request('GET', '/livez');
    const before = otlp.spans().length;
    await stopTracing();
    expect(tracingState()).toBe('off');
    expect(otlp.spans().length).toBe(before + 1);
    await stopTracing();
    // Off again: requests are served without spans.
    expect((await h.request('GET', '/livez')).status).toBe(200);
    expect(otlp.spans().length).toBe(before + 1);
  });
});
