// The first session request starts with the page, before the flow's code has downloaded (one
// round trip less before the first screen on a slow network). The flow's client takes the
// answer once; a failed early request is simply made again by the client.

const early = new Map<string, Promise<Response>>();

/** Starts a GET now (once per URL) for a later `takeEarly`. */
export function fetchEarly(url: string, headers: Record<string, string> = {}): void {
  if (early.has(url) || typeof fetch !== 'function') return;
  const pending = fetch(url, { headers: { Accept: 'application/json', ...headers }, credentials: 'same-origin', cache: 'no-store' });
  pending.catch(() => undefined);
  early.set(url, pending);
}

/** The early answer for `url`, at most once; null when none was started. */
export function takeEarly(url: string): Promise<Response> | null {
  const pending = early.get(url) ?? null;
  early.delete(url);
  return pending;
}
