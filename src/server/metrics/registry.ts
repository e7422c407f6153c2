import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (one registry per process, as prom-client intends: every
 * part of the server records into these, GET /metrics renders them). Names follow Prometheus
 * conventions: seconds, `_total` for counters. Label values are bounded: route patterns (never
 * raw paths with ids), organisation ids, fixed reason codes.
 */
export const registry = new Registry();
registry.setDefaultLabels({ service: 'idv' });
// Process CPU, memory, event-loop lag, GC (prom-client's standard set).
collectDefaultMetrics({ register: registry });

/** Seconds; from a 5 ms API answer to a 60 s slow upload. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequests = new Counter({
  name: 'idv_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'idv_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being ready, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: latencyBuckets,
  registers: [registry],
});

export const uploadsRefused = new Counter({
  name: 'idv_uploads_refused_total',
  help: 'Uploads (captures, liveness evidence, company documents) refused, by reason (the error code answered)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const decisionDuration = new Histogram({
  name: 'idv_decision_duration_seconds',
  help: 'Automatic decision of a live session: from its job being claimed to its result committed, by result',
  labelNames: ['result'] as const,
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
  registers: [registry],
});

export const decisionLatency = new Histogram({
  name: 'idv_decision_latency_seconds',
  help: 'Automatic decision of a live session: from submit (job queued) to its result committed',
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300, 900],
  registers: [registry],
});

export const decisionQueueDepth = new Gauge({
  name: 'idv_decision_queue_depth',
  help: 'Decision jobs waiting or running (all processes on this database), read at scrape time',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const webhookDeliveryLag = new Histogram({
  name: 'idv_webhook_delivery_lag_seconds',
  help: 'From a webhook event being committed to its successful delivery, by organisation',
  labelNames: ['organisation'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 1800, 7200, 86400],
  registers: [registry],
});

export const webhookFailures = new Counter({
  name: 'idv_webhook_delivery_failures_total',
  help: 'Failed webhook delivery attempts, by organisation (final: no retry left)',
  labelNames: ['organisation', 'final'] as const,
  registers: [registry],
});

export const webhookPending = new Gauge({
  name: 'idv_webhook_pending_events',
  help: 'Webhook events not yet delivered (in backoff or due), by organisation, read at scrape time',
  labelNames: ['organisation'] as const,
  registers: [registry],
});
