import { httpUrlSchema } from '../../contract/common';
import type { HostedSession } from '../../contract/hosted-individual';
import type { ApiKeyRow } from './api-keys';

// The customer's look in both hosted flows (the company session reuses the same shape).

/** Accent colours are CSS hex only: the app puts them in a style, so nothing else gets through. */
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

function brandingString(v: unknown, max = 200): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;
}
function brandingUrl(v: unknown): string | null {
  const s = brandingString(v, 2048);
  return s && httpUrlSchema.safeParse(s).success ? s : null;
}

/**
 * The customer's branding for the hosted flow, from the key's `branding` jsonb. Values are
 * operator-entered but still sanitised: only http(s) URLs, only hex colours. The name is the
 * branding name only ('' when unset, as in the company flow): the key's own name is an
 * operator label ("Production", "default test key …") and never reaches end users; the app
 * shows a neutral phrase instead.
 */
export function brandingOf(key: Pick<ApiKeyRow, 'branding'>): HostedSession['branding'] {
  const b = key.branding ?? {};
  const accent = brandingString(b.accentColor, 9);
  return {
    name: brandingString(b.name) ?? '',
    logoUrl: brandingUrl(b.logoUrl),
    accentColor: accent && HEX_COLOUR.test(accent) ? accent : null,
    privacyPolicyUrl: brandingUrl(b.privacyPolicyUrl),
  };
}
