// Sending the person back to the customer's site after completion.

/**
 * The customer's redirect URL with `verificationId` and `status` added (existing query and
 * hash kept). Null unless it is an absolute http(s) URL: never navigate to javascript: or data:.
 */
export function buildRedirectUrl(redirect: string | null, verificationId: string, status: string): string | null {
  if (!redirect) return null;
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('verificationId', verificationId);
  url.searchParams.set('status', status);
  return url.href;
}

/** Seconds before the automatic redirect on the done screen. */
export const AUTO_REDIRECT_SECONDS = 5;

export function navigateTo(url: string): void {
  window.location.assign(url);
}

/**
 * The session's status as the server has it now, for the redirect: a test key is decided
 * seconds after submit, before the next status poll. Falls back to `known` when the server does
 * not answer within `timeoutMs`, so leaving is never blocked.
 */
export async function freshStatus(
  load: (signal: AbortSignal) => Promise<{ status: string }>,
  known: string,
  timeoutMs = 3000,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return (await load(controller.signal)).status;
  } catch {
    return known;
  } finally {
    clearTimeout(timer);
  }
}
