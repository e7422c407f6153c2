import type { Context, Next } from 'hono';

// The shapes tracing.ts (loaded by every process) and the lazily loaded SDK (tracing-sdk.ts and
// its helpers) share: a leaf file, so neither imports the other for its types.

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue | undefined>;

/** A span as the instrumented code sees it. */
export interface SpanHandle {
  setAttributes(attributes: Attributes): void;
  /** Marks the span failed; `errorType` is a short, low-cardinality code (semconv error.type). */
  fail(errorType: string): void;
}

/** What the lazily loaded SDK module provides. */
export interface TracingRuntime {
  httpSpan(c: Context, next: Next): Promise<void>;
  span<T>(name: string, kind: 'internal' | 'client', attributes: Attributes, fn: (span: SpanHandle) => Promise<T>): Promise<T>;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Flushes, stops the exporter and unregisters the global tracer provider. */
  shutdown(): Promise<void>;
}
