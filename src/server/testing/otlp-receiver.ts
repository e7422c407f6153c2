import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/HTTP JSON carries it (hex ids; attributes flattened to key → value). */
export interface ReceivedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  serviceName: string;
}

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
const valueOf = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : v.boolValue ?? v.doubleValue ?? '');
const flat = (kvs: KeyValue[] = []) => Object.fromEntries(kvs.map((kv) => [kv.key, valueOf(kv.value)]));

export interface OtlpReceiver {
  /** Base URL, the value of OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every request body as received (to search for what must never leave the process). */
  bodies(): string[];
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

/**
 * A real OTLP/HTTP collector on 127.0.0.1 for tests: takes JSON export requests on /v1/traces
 * (what @opentelemetry/exporter-trace-otlp-http sends) and answers 200.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      bodies.push(text);
      if (req.url !== '/v1/traces' || !String(req.headers['content-type']).includes('json')) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(text) as { resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] }[] };
      for (const rs of body.resourceSpans ?? []) {
        const serviceName = String(flat(rs.resource?.attributes)['service.name'] ?? '');
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              name: String(s.name), kind: Number(s.kind), traceId: String(s.traceId), spanId: String(s.spanId),
              parentSpanId: String(s.parentSpanId ?? ''), attributes: flat(s.attributes as KeyValue[]),
              statusCode: Number((s.status as { code?: number } | undefined)?.code ?? 0), serviceName,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies: () => [...bodies],
    spans: () => [...spans],
    close: () => new Promise((r) => server.close(() => r())),
  };
}
