import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { apiKeys, companyVerifications, verifications } from '../db/schema';
import { strictOrigin } from '../../contract/admin';
import { CSP_BASE } from './security-headers';

const HEX32 = /^[0-9a-f]{32}$/;

function originOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** CSP for a hosted page: framing by the key's allowed origins, the customer's logo origin. */
export function hostedPageCsp(origins: readonly string[], logoUrl: unknown): string {
  // Stored origins are checked again: one saved before the strict rule cannot inject a directive.
  const frame = origins.map(strictOrigin).filter((o): o is string => o !== null);
  const logo = originOf(logoUrl);
  const base = CSP_BASE.map((d) => (logo && d.startsWith('img-src') ? `${d} ${logo}` : d));
  return [...base, `frame-ancestors 'self'${frame.length ? ` ${frame.join(' ')}` : ''}`].join('; ');
}

/**
 * Headers for index.html of a hosted link: the customer's key decides who may frame the flow
 * (`idv keys update --origin …`). An unknown or malformed processId gets the default (no framing
 * by others); one indexed lookup per page load.
 */
export function hostedPageHeaders(db: Db) {
  return async (url: URL): Promise<Record<string, string>> => {
    const id = url.searchParams.get('processId') ?? '';
    if (!HEX32.test(id)) return {};
    // Only the hosted flows' own pages (`/`, `/company`) may be framed by the customer's origins;
    // the dashboard and anything else keep the default, whatever processId they are given.
    if (url.pathname !== '/' && url.pathname !== '/company') return {};
    const table = url.pathname === '/company' ? companyVerifications : verifications;
    const [row] = await db.select({ origins: apiKeys.origins, branding: apiKeys.branding })
      .from(table).innerJoin(apiKeys, eq(apiKeys.id, table.apiKeyId))
      .where(eq(table.id, id)).limit(1);
    if (!row) return {};
    return { 'Content-Security-Policy': hostedPageCsp(row.origins, row.branding.logoUrl) };
  };
}
