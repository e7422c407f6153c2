import type { Settings } from '../env';
import type { Logger } from '../lib/logger';
import type { Attributes, SpanHandle, TracingRuntime } from './tracing-types';

/**
 * Optional OpenTelemetry traces. This file is the only part every process loads, and it imports
 * nothing from OpenTelemetry: with no OTLP endpoint set, tracing stays off, withSpan just runs its
 * function and the HTTP middleware just calls next(), and the SDK (tracing-sdk.ts and the
 * @opentelemetry packages) is never imported. With an endpoint, startTracing loads it with a
 * dynamic import (a separate chunk in the compiled server, see scripts/build-server.mjs).
 *
 * Span attributes are low-cardinality facts only: route patterns (never raw paths), statuses,
 * counters, and ids as their log reference (logRef), never a verification id, key, URL query,
 * header or payload.
 */

const NOOP_SPAN: SpanHandle = { setAttributes() {}, fail() {} };
/** How long a shutdown waits for the last spans to leave (ms): a dead collector must not hold the stop. */
const SHUTDOWN_CAP_MS = 3_000;

let runtime: TracingRuntime | null = null;

/** 'on' once startTracing has loaded the SDK, 'off' otherwise. */
export const tracingState = (): 'on' | 'off' => (runtime ? 'on' : 'off');

/** The SDK runtime, or null while tracing is off. */
export const tracingRuntime = (): TracingRuntime | null => runtime;

/**
 * Starts tracing when an OTLP endpoint is set; otherwise does nothing (and loads nothing).
 * Idempotent: a second call while on keeps the first runtime.
 */
export async function startTracing(settings: Pick<Settings, 'otelTracesUrl' | 'otelServiceName'>, logger: Logger): Promise<'on' | 'off'> {
  if (!settings.otelTracesUrl || runtime) return tracingState();
  const { createTracingRuntime } = await import('./tracing-sdk');
  runtime = createTracingRuntime({ url: settings.otelTracesUrl, serviceName: settings.otelServiceName, logger });
  logger.info('tracing on', { serviceName: settings.otelServiceName });
  return 'on';
}

/** Sends pending spans (tests; a no-op while off). */
export async function flushTracing(): Promise<void> {
  await runtime?.flush();
}

/** Flushes and stops tracing, waiting at most SHUTDOWN_CAP_MS; never throws. */
export async function stopTracing(): Promise<void> {
  const rt = runtime;
  runtime = null;
  if (!rt) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    rt.shutdown().catch(() => { /* export errors are reported by the runtime itself */ }),
    new Promise<void>((resolve) => { timer = setTimeout(resolve, SHUTDOWN_CAP_MS); }),
  ]);
  clearTimeout(timer);
}

/** Runs `fn` inside a span (a child of the active one, e.g. the request's) when tracing is on. */
export function withSpan<T>(name: string, kind: 'internal' | 'client', attributes: Attributes, fn: (span: SpanHandle) => Promise<T>): Promise<T> {
  return runtime ? runtime.span(name, kind, attributes, fn) : fn(NOOP_SPAN);
}
