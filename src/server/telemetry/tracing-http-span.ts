import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type TextMapGetter, type Tracer } from '@opentelemetry/api';
import type { Context, Next } from 'hono';
import { routePath } from 'hono/route';
import {
  ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import { errorTypeOf } from './tracing-spans';

/** Reads `traceparent`/`tracestate` from the request; no other header is looked at. */
const headerGetter: TextMapGetter<Headers> = {
  keys: (h) => [...h.keys()],
  get: (h, key) => h.get(key) ?? undefined,
};

/** Methods as semconv names them; anything else is `_OTHER` (bounded span names). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

/**
 * One SERVER span per request, a child of the caller's span when the request carries a W3C
 * `traceparent`. Named `METHOD /route/:pattern` after the handler ran (the matched pattern, never
 * the raw path: paths hold verification ids). Attributes: method, route, status; a 5xx or an
 * error a handler threw marks the span failed with the status or the error's class, never its
 * message. No URL, query, header, address or body is recorded.
 */
export function httpSpanHandler(tracer: Tracer) {
  return async (c: Context, next: Next): Promise<void> => {
    const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : '_OTHER';
    const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, headerGetter);
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } }, parent);
    let thrown: unknown = null;
    try {
      await context.with(trace.setSpan(parent, span), next);
    } catch (err) {
      thrown = err;
      throw err;
    } finally {
      // After next(): the pattern of the handler (or the middleware) that answered.
      const route = routePath(c);
      const status = thrown ? 500 : c.res.status;
      span.updateName(`${method} ${route}`);
      span.setAttributes({ [ATTR_HTTP_ROUTE]: route, [ATTR_HTTP_RESPONSE_STATUS_CODE]: status });
      // app.onError turns a thrown error into a response; Hono keeps the error in c.error.
      const error = thrown ?? c.error;
      if (error || status >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute(ATTR_ERROR_TYPE, error ? errorTypeOf(error) : String(status));
      }
      span.end();
    }
  };
}
