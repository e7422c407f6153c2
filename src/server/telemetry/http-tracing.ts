import type { MiddlewareHandler } from 'hono';
import { tracingRuntime } from './tracing';

/**
 * One server span per request when tracing is on (telemetry/tracing-http-span.ts); while off, a
 * null check and next(). First middleware of the app, so the span covers every other one.
 */
export const httpTracing: MiddlewareHandler = (c, next) => {
  const runtime = tracingRuntime();
  return runtime ? runtime.httpSpan(c, next) : next();
};
