import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as the receiver saw it. `body` is the raw bytes as UTF-8 text. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Status the receiver answered; 0 when the sender had already hung up. */
  status: number;
  /** `Webhook-Id` header. */
  id: string;
  /** Parsed body when it is JSON. */
  json: unknown;
  /** Signature check with `standardwebhooks`: null when no secret is set. */
  verified: boolean | null;
  receivedAt: Date;
}

/** Custom answer for a request (status, optional delay in ms, optional headers). */
export type Responder = (req: { path: string; id: string }) =>
  { status: number; delayMs?: number; headers?: Record<string, string> } | undefined;

export interface WebhookReceiver {
  /** Absolute URL on this receiver, e.g. url('/events'). */
  url(path?: string): string;
  /** Deliveries answered with 2xx, in arrival order. */
  events(): ReceivedRequest[];
  /** Every request, including those answered with an error. */
  requests(): ReceivedRequest[];
  /** Resolves with the first accepted delivery matching `predicate` (already received or future). */
  waitFor(predicate: (r: ReceivedRequest) => boolean, timeoutMs?: number): Promise<ReceivedRequest>;
  /** While down, every request is answered 503 (and recorded in requests()). */
  setDown(down: boolean): void;
  /** Signing secret = the API key; verification uses the standardwebhooks "raw key" format. */
  setSecret(apiKey: string | null): void;
  /** Overrides the answer per request (return undefined for the default). */
  setResponder(responder: Responder | null): void;
  close(): Promise<void>;
}

/** standardwebhooks takes base64 of the key bytes: base64(utf8(apiKey)). */
export const verifierFor = (apiKey: string) => new Webhook(Buffer.from(apiKey, 'utf8').toString('base64'));

/**
 * A real HTTP webhook receiver on 127.0.0.1 with a random port, for integration and e2e tests.
 * It records raw bodies and headers and verifies every signature with the public library.
 */
export async function startWebhookReceiver(opts: { secret?: string } = {}): Promise<WebhookReceiver> {
  const all: ReceivedRequest[] = [];
  let verifier = opts.secret ? verifierFor(opts.secret) : null;
  let down = false;
  let responder: Responder | null = null;
  let waiters: { pred: (r: ReceivedRequest) => boolean; resolve: (r: ReceivedRequest) => void }[] = [];
  const accepted = () => all.filter((r) => r.status >= 200 && r.status < 300);

  const answer = (res: ServerResponse, status: number, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(status < 300 ? 'ok' : 'no');
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const id = String(req.headers['webhook-id'] ?? '');
      const custom = down ? { status: 503 } : responder?.({ path, id });
      const status = custom?.status ?? 200;
      let verified: boolean | null = null;
      if (verifier) {
        try {
          verifier.verify(body, req.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      let json: unknown = null;
      try { json = JSON.parse(body); } catch { /* not JSON */ }
      const receivedAt = new Date();
      const send = () => {
        // A sender that gave up (timeout) before the answer gets status 0 here: not delivered.
        const gone = res.destroyed || req.socket.destroyed;
        const rec: ReceivedRequest = { path, headers: req.headers, body, status: gone ? 0 : status, id, json, verified, receivedAt };
        all.push(rec);
        if (rec.status >= 200 && rec.status < 300) {
          const matched = waiters.filter((w) => w.pred(rec));
          waiters = waiters.filter((w) => !matched.includes(w));
          for (const w of matched) w.resolve(rec);
        }
        if (!gone) answer(res, status, custom?.headers);
      };
      if (custom?.delayMs) setTimeout(send, custom.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path.startsWith('/') ? path : `/${path}`}`,
    events: accepted,
    requests: () => [...all],
    waitFor(pred, timeoutMs = 10_000) {
      const hit = accepted().find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve: (r: ReceivedRequest) => { clearTimeout(timer); resolve(r); } };
        const timer = setTimeout(() => {
          waiters = waiters.filter((x) => x !== w);
          reject(new Error(`webhook receiver: no matching delivery within ${timeoutMs} ms (${all.length} requests seen)`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    setDown: (d) => { down = d; },
    setSecret: (s) => { verifier = s ? verifierFor(s) : null; },
    setResponder: (r) => { responder = r; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
