import type { HostedSession } from '../../contract/hosted-individual';
import { docTypeSchema } from '../../contract/document';
import { alpha3Schema } from '../../contract/common';
import type { Decision, IndividualStatus } from '../../contract/statuses';
import type { ApiKeyRow } from '../keys/api-keys';
import { hostedLivenessOf } from '../liveness/liveness-record';
import { keyLanguage } from '../keys/key-admin';
import { brandingOf } from '../keys/branding';
import { capturedOf, closedReasonOf, needsBack, phaseOf } from './flow';
import type { VerificationRow } from './record';

/** `GET /v1/hosted/verifications/{processId}`: what the flow needs to resume at the right step. */
export function toHostedSession(row: VerificationRow, key: Pick<ApiKeyRow, 'branding' | 'mode' | 'selfieUpload' | 'defaultLanguage'> & Partial<Pick<ApiKeyRow, 'livenessMaxRounds'>>): HostedSession {
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
    defaultLanguage: keyLanguage(key),
    resubmissionRequested: row.decision === 'resubmit',
    // The specialist's reason (individual-review.ts keeps it in `reason` while reopened).
    ...(row.decision === 'resubmit' && row.reason ? { resubmissionReason: row.reason } : {}),
    testMode: key.mode === 'test',
    liveness: hostedLivenessOf(row.liveness, key.selfieUpload, key.livenessMaxRounds),
  };
}
