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
