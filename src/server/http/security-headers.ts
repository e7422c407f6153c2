import { createMiddleware } from 'hono/factory';

/**
 * Strict headers on every response. The CSP forbids inline scripts and styles; MediaPipe needs
 * `wasm-unsafe-eval` to compile its WebAssembly. `frame-ancestors` is widened per verification
 * by the hosted page handler (customers' allowed origins) — the default refuses framing.
 */
export const CSP_BASE = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

export function cspWithFrameAncestors(ancestors: string[]): string {
  const fa = ancestors.length ? `frame-ancestors 'self' ${ancestors.join(' ')}` : "frame-ancestors 'self'";
  return [...CSP_BASE, fa].join('; ');
}

/**
 * Whether the browser reached us over TLS: the request itself, or, behind a trusted proxy
 * (TRUST_PROXY=1) that ends TLS, the last X-Forwarded-Proto entry (the one that proxy set).
 */
function overTls(url: string, forwardedProto: string | undefined, trustProxy: boolean): boolean {
  if (url.startsWith('https:')) return true;
  return trustProxy && forwardedProto?.split(',').map((s) => s.trim().toLowerCase()).at(-1) === 'https';
}

export const securityHeaders = (settings: { trustProxy: boolean }) => createMiddleware(async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', cspWithFrameAncestors([]));
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'no-referrer');
  // Hosted links are personal: robots.txt stops crawling, this keeps a leaked link out of indexes.
  h.set('X-Robots-Tag', 'noindex, nofollow');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  // Signed media links are shown by customers' dashboards on their own sites.
  h.set('Cross-Origin-Resource-Policy', c.req.path.startsWith('/api/media/') ? 'cross-origin' : 'same-origin');
  h.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
  if (c.req.path.startsWith('/api/') && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  if (overTls(c.req.url, c.req.header('x-forwarded-proto'), settings.trustProxy)) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
});
