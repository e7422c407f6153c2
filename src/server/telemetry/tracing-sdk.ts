import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from '../lib/logger';
import { httpSpanHandler } from './tracing-http-span';
import type { TracingRuntime } from './tracing-types';
import { cleanAttributes, errorTypeOf, spanHandle } from './tracing-spans';

/**
 * The OpenTelemetry SDK, loaded only when an OTLP endpoint is set (tracing.ts imports this file
 * dynamically). Spans go through a batch processor, so a request never waits for the collector;
 * the exporter sends OTLP/HTTP JSON and reads OTEL_EXPORTER_OTLP_HEADERS (and _TRACES_HEADERS)
 * itself. Sampling: the SDK default, parent-based always-on (an incoming `traceparent` with the
 * sampled flag off is not recorded).
 */

export interface TracingOptions {
  /** Full traces URL (…/v1/traces). */
  url: string;
  serviceName: string;
  logger: Logger;
}

/**
 * Reports a failed export once per outage (the first failure, then nothing until an export
 * succeeds again), so a dead collector neither floods the log nor goes unnoticed.
 */
function reportingExporter(inner: SpanExporter, logger: Logger): SpanExporter {
  let failing = false;
  return {
    export(spans: ReadableSpan[], done) {
      inner.export(spans, (result) => {
        if (result.code !== 0 && !failing) {
          failing = true;
          logger.warn('trace export failed; spans are dropped until the collector answers (logged once)', {
            err: String(result.error?.message ?? 'unknown').slice(0, 200), spans: spans.length,
          });
        } else if (result.code === 0 && failing) {
          failing = false;
          logger.info('trace export works again');
        }
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

export function createTracingRuntime(opts: TracingOptions): TracingRuntime {
  const exporter = reportingExporter(new OTLPTraceExporter({ url: opts.url, timeoutMillis: 10_000 }), opts.logger);
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector] })) // OTEL_RESOURCE_ATTRIBUTES
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: opts.serviceName }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  // Global tracer provider, AsyncLocalStorage context (child spans find their request's span
  // across awaits) and the W3C trace-context propagator.
  provider.register();
  const tracer = trace.getTracer('idv-hosted');

  return {
    httpSpan: httpSpanHandler(tracer),
    span(name, kind, attributes, fn) {
      return tracer.startActiveSpan(name, {
        kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL, attributes: cleanAttributes(attributes),
      }, async (span) => {
        try {
          return await fn(spanHandle(span));
        } catch (err) {
          spanHandle(span).fail(errorTypeOf(err));
          throw err;
        } finally {
          span.end();
        }
      });
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      // Unregistered, so a later startTracing in the same process (tests) can register again.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
