import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { checkWebhookUrl, guardedLookup } from './url-guard';

export interface PostOptions {
  /** Whole attempt: connect, send, response headers and the capped body read (ms). */
  timeoutMs: number;
  allowPrivate: boolean;
  /** Response bytes read before the body is dropped; the content is never used. */
  maxResponseBytes: number;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const describe = (e: unknown): string => {
  const err = e as NodeJS.ErrnoException;
  const text = err?.code ? `${err.code}: ${err.message}` : String(err?.message ?? err);
  return text.slice(0, 300);
};

/**
 * One POST of a webhook. Only a 2xx answer counts; redirects are never followed (node:http does
 * not follow them), so a 3xx is a failure. Never throws: every outcome becomes an AttemptResult.
 * node:http rather than fetch because it takes a `lookup`, which lets the private-address guard
 * run on the very addresses the socket connects to.
 */
export async function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, opts: PostOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const check = await checkWebhookUrl(rawUrl, { allowPrivate: opts.allowPrivate });
  if (!check.ok) return { ok: false, statusCode: null, error: check.reason, durationMs: elapsed() };
  const payload = Buffer.from(body, 'utf8');
  const client = check.url.protocol === 'https:' ? https : http;

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({ ok, statusCode, error: ok ? null : (error ?? `HTTP ${statusCode}`), durationMs: elapsed() });
    };
    const req = client.request(check.url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
      signal,
      ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
    }, (res) => {
      statusCode = res.statusCode ?? null;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough: the answer is decided by the status; drop the rest of a large body.
        if (read > opts.maxResponseBytes) {
          res.destroy();
          finish(null);
        }
      });
      res.on('end', () => finish(null));
      // An error after a 2xx status (e.g. the timeout while draining) still counts as delivered.
      res.on('error', (e) => finish(statusCode !== null && statusCode >= 200 && statusCode < 300 ? null
        : signal.aborted ? `timeout after ${opts.timeoutMs} ms` : describe(e)));
      res.on('close', () => finish(null));
    });
    req.on('error', (e) => finish(signal.aborted ? `timeout after ${opts.timeoutMs} ms` : describe(e)));
    req.end(payload);
  });
}
