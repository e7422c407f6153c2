/**
 * Whether a browser request comes from the service's own pages. `Sec-Fetch-Site` (every current
 * browser) decides when present: `same-origin`, or `none` (typed or bookmarked). Otherwise an
 * `Origin` must be the service's public origin. Neither header: not a browser, allowed.
 */
export function sameOriginRequest(fetchSite: string | undefined, origin: string | undefined, publicUrl: string): boolean {
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none';
  if (origin === undefined) return true;
  try {
    return origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
