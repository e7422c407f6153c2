import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { httpDuration, httpRequests, uploadsRefused } from './registry';

/**
 * The upload endpoints (hosted, customer-collected, company documents), by request path: a
 * refusal by a middleware (a rate limit) counts too, although no upload route ran.
 */
const UPLOAD_PATH = /^\/api\/v1\/(?:hosted\/)?(?:company-)?verifications\/[^/]+\/(?:media\/[^/]+|documents\/[^/]+|liveness(?:\/selfie|\/result)?)$/;

export function isUpload(method: string, path: string): boolean {
  return (method === 'PUT' || method === 'POST') && UPLOAD_PATH.test(path);
}

/** The `error.code` of an envelope answer, or `http_<status>` when it has none (e.g. a 413). */
async function refusalReason(res: Response): Promise<string> {
  try {
    const body = await res.clone().json() as { error?: { code?: unknown } | null };
    const code = body?.error?.code;
    if (typeof code === 'string' && /^[a-z0-9_]{1,40}$/.test(code)) return code;
  } catch { /* not JSON: fall through */ }
  return `http_${res.status}`;
}

/**
 * Request rate and latency per route pattern (`/api/v1/verifications/:id`, never the raw path,
 * so ids do not explode the label set), and uploads refused by reason. First middleware of the
 * app, so the time covers every other middleware too.
 */
export const httpMetrics: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  // After next(): the pattern of the handler (or the middleware) that answered.
  const route = routePath(c);
  const method = c.req.method;
  const status = c.res.status;
  httpRequests.inc({ method, route, status: String(status) });
  httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
  if (status >= 400 && status < 500 && isUpload(method, c.req.path)) uploadsRefused.inc({ reason: await refusalReason(c.res) });
};
