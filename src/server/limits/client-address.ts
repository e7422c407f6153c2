import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address for per-address limits. Behind a trusted proxy (TRUST_PROXY=1) it is the
 * last `X-Forwarded-For` entry, the one the proxy itself appended; otherwise the socket's peer.
 * Requests served without a socket (in-process tests) share one `local` bucket.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
