import { httpUrlSchema } from '../../contract/common';
import type { HostedSession } from '../../contract/hosted-individual';
import { docTypeSchema } from '../../contract/individual';
import { alpha3Schema } from '../../contract/common';
import type { Decision, IndividualStatus } from '../../contract/statuses';
import type { ApiKeyRow } from '../keys/api-keys';
import { capturedOf, closedReasonOf, needsBack, phaseOf } from './individual-flow';
import type { VerificationRow } from './individual-record';

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

/** `GET /v1/hosted/verifications/{processId}`: what the flow needs to resume at the right step. */
export function toHostedSession(row: VerificationRow, key: Pick<ApiKeyRow, 'branding' | 'mode'>): HostedSession {
  const type = docTypeSchema.safeParse(row.docType);
  const state = alpha3Schema.safeParse(row.issuingState);
  return {
    processId: row.id,
    verificationId: row.id,
    status: row.status as IndividualStatus,
    decision: (row.decision ?? null) as Decision | null,
    phase: phaseOf(row),
    closedReason: closedReasonOf(row),
    document: type.success && state.success ? { type: type.data, issuingState: state.data } : null,
    captured: capturedOf(row.media),
    needsBack: needsBack(row.docType),
    expiresAt: row.expiresAt.toISOString(),
    redirect: row.redirect,
    branding: brandingOf(key),
    resubmissionRequested: row.decision === 'resubmit',
    // The specialist's reason (individual-review.ts keeps it in `reason` while reopened).
    ...(row.decision === 'resubmit' && row.reason ? { resubmissionReason: row.reason } : {}),
    testMode: key.mode === 'test',
  };
}
