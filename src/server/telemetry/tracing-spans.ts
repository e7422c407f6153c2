import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import type { Attributes, SpanHandle } from './tracing-types';

/** Span helpers of the SDK side (loaded only with tracing on, like tracing-sdk.ts). */

/** Attributes without the undefined ones (the API drops them too, but types want it clean). */
export function cleanAttributes(attributes: Attributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(attributes)) if (v !== undefined) out[k] = v;
  return out;
}

/** The error's class name only: messages may carry personal data or SQL parameters. */
export const errorTypeOf = (err: unknown): string => (err instanceof Error ? err.constructor.name || 'Error' : typeof err);

export function spanHandle(span: Span): SpanHandle {
  return {
    setAttributes: (a) => { span.setAttributes(cleanAttributes(a)); },
    fail: (errorType) => {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute(ATTR_ERROR_TYPE, errorType);
    },
  };
}
