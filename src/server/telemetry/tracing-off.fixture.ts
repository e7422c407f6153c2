import { createRequire } from 'node:module';
import { createHarness } from '../testing/harness';
import { createWebhookWorker } from '../webhooks/worker';
import { startTracing, stopTracing } from './tracing';

/**
 * Run by tracing-off.test.ts in a process of its own (under tsx, with a resolve hook that records
 * every @opentelemetry module loaded as ESM): a server's usual work (a request, a webhook attempt),
 * with the OTLP endpoint of FIXTURE_OTLP or none. Prints the tracing state, the @opentelemetry
 * files loaded as CommonJS and what is registered in the OpenTelemetry API's global slot.
 */
const endpoint = process.env.FIXTURE_OTLP;
const h = await createHarness(endpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } : {});
const state = await startTracing(h.ctx.settings, h.ctx.logger);
// A dead port: the attempt fails fast, the span (if any) still ends.
const key = await h.createKey({ eventsUrl: 'http://127.0.0.1:9/events' });
await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: {} });
await createWebhookWorker(h.ctx, { timeoutMs: 500 }).runOnce();
// Where @opentelemetry/api keeps the registered tracer provider, context manager and propagator.
const slot = (globalThis as Record<symbol, Record<string, unknown> | undefined>)[Symbol.for('opentelemetry.js.api.1')];
const registered = Object.keys(slot ?? {}).filter((k) => k !== 'version').sort();
await stopTracing();
await h.close();
const cjs = Object.keys(createRequire(import.meta.url).cache).filter((p) => p.includes('@opentelemetry'));
process.stdout.write(JSON.stringify({ state, cjs, registered }));
