import type { Clock } from '../lib/clock';
import { safeEqual, type Secrets } from '../lib/secrets';

/**
 * Signed, expiring media links for records (MEDIA_URL_TTL_SECONDS) and decision webhooks
 * (WEBHOOK_MEDIA_URL_TTL_SECONDS, see createWebhookMediaSigner):
 * `${baseUrl}/media/<key>?exp=<unix seconds>&sig=<hex HMAC-SHA256>`.
 * The HMAC comes from the server secret (ctx.secrets), over a domain-separated string so a
 * signature can never be confused with another digest the server makes (API-key lookup,
 * hosted tokens). Nothing is stored: a link is valid until `exp`, then the route answers 404.
 */
export interface MediaSigner {
  /** The signed URL for a storage key; empty string for an empty key (media not captured). */
  url(key: string): string;
  /**
   * A dashboard link: the member's id is signed in (`m=`), so the media route can refuse it
   * once the member is removed or loses the review role, before `exp`.
   */
  memberUrl(key: string, memberId: string): string;
  /**
   * Whether `sig` is this server's signature for key+exp(+member) and `exp` has not passed.
   * `memberId` is the `m` parameter of a dashboard link, '' for an API or webhook link.
   */
  verify(key: string, exp: string, sig: string, memberId?: string): boolean;
}

export interface SignerDeps {
  secrets: Secrets;
  clock: Clock;
  settings: { baseUrl: string; mediaUrlTtlSeconds: number };
}

/** Storage keys are server-made relative paths; each segment is URL-encoded on its own. */
export function encodeMediaKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

function signature(secrets: Secrets, key: string, exp: number, memberId = ''): string {
  // A member link has its own domain string, so an API link's signature never verifies as one.
  return memberId ? secrets.digest(`idv:media-url-member\n${key}\n${exp}\n${memberId}`) : secrets.digest(`idv:media-url\n${key}\n${exp}`);
}

export function createMediaSigner(deps: SignerDeps): MediaSigner {
  const { secrets, clock, settings } = deps;
  return {
    url(key) {
      if (!key) return '';
      const exp = Math.floor(clock.now().getTime() / 1000) + settings.mediaUrlTtlSeconds;
      return `${settings.baseUrl}/media/${encodeMediaKey(key)}?exp=${exp}&sig=${signature(secrets, key, exp)}`;
    },
    memberUrl(key, memberId) {
      if (!key) return '';
      const exp = Math.floor(clock.now().getTime() / 1000) + settings.mediaUrlTtlSeconds;
      return `${settings.baseUrl}/media/${encodeMediaKey(key)}?exp=${exp}&m=${encodeURIComponent(memberId)}&sig=${signature(secrets, key, exp, memberId)}`;
    },
    verify(key, expText, sig, memberId = '') {
      if (!key || !/^\d{1,12}$/.test(expText) || !/^[0-9a-f]{64}$/.test(sig) || memberId.length > 64) return false;
      const exp = Number(expText);
      // Compare first (constant time), then check the clock, so timing says nothing about the sig.
      const good = safeEqual(signature(secrets, key, exp, memberId), sig);
      return good && exp * 1000 > clock.now().getTime();
    },
  };
}

export interface WebhookSignerDeps {
  secrets: Secrets;
  clock: Clock;
  settings: { baseUrl: string; webhookMediaUrlTtlSeconds: number };
}

/**
 * Signer for URLs serialised into webhook payloads. A payload is written once and retried with
 * the same bytes for about 27.5 h (30 h with jitter), so its URLs get their own, longer
 * lifetime (default 72 h) instead of the records' MEDIA_URL_TTL_SECONDS (default 1 h).
 */
export function createWebhookMediaSigner(deps: WebhookSignerDeps): MediaSigner {
  const { baseUrl, webhookMediaUrlTtlSeconds } = deps.settings;
  return createMediaSigner({ secrets: deps.secrets, clock: deps.clock, settings: { baseUrl, mediaUrlTtlSeconds: webhookMediaUrlTtlSeconds } });
}
