import type { HostedErrorCode, MediaSlot, MissingCapture } from '../../contract/hosted-individual';
import type { closedReasonSchema } from '../../contract/hosted-individual';
import { docTypeHasBack, docTypeSchema } from '../../contract/document';
import { isConclusive, type IndividualStatus } from '../../contract/statuses';
import type { z } from 'zod';
import type { VerificationRow } from './record';

/**
 * The individual hosted flow's rules, pure (no I/O): where a session stands, what the person may
 * do next, what is still missing. Routes and domain actions ask these; the web app gets the
 * result through the hosted session (`phase`, `captured`, `needsBack`).
 */
export type ClosedReason = z.infer<typeof closedReasonSchema>;
export type Phase = 'welcome' | 'capture' | 'submitted' | 'closed';
export type StoredMedia = VerificationRow['media'];
type MediaField = 'front' | 'back' | 'selfie';

/** Which `media` jsonb key holds a slot's storage key. */
export const mediaFieldOf: Record<MediaSlot, MediaField> = {
  'document-front': 'front',
  'document-back': 'back',
  selfie: 'selfie',
};

/** null until a (known) document type is chosen. */
export function needsBack(docType: string | null): boolean | null {
  const t = docTypeSchema.safeParse(docType);
  return t.success ? docTypeHasBack[t.data] : null;
}

/** Why the link is closed; `expired` wins over the status expiry left (cancelled/abandoned). */
export function closedReasonOf(row: Pick<VerificationRow, 'status' | 'decision'>): ClosedReason | null {
  const status = row.status as IndividualStatus;
  if (!isConclusive(status)) return null;
  if (row.decision === 'expired') return 'expired';
  return status as ClosedReason;
}

/**
 * Where the person should be: `capture` while started and not submitted (a resubmission clears
 * submittedAt, so it reopens capture); `submitted` from submit until a conclusive decision.
 */
export function phaseOf(row: Pick<VerificationRow, 'status' | 'decision' | 'submittedAt'>): Phase {
  if (closedReasonOf(row)) return 'closed';
  if (row.status === 'not started') return 'welcome';
  if (row.status === 'started' && row.submittedAt === null) return 'capture';
  return 'submitted';
}

/** Why captures (document choice, uploads) are refused right now; null when allowed. */
export function captureBlocker(row: Pick<VerificationRow, 'status' | 'decision' | 'submittedAt'>): HostedErrorCode | null {
  switch (phaseOf(row)) {
    case 'closed': return 'closed';
    case 'welcome': return 'not_started';
    case 'submitted': return 'already_submitted';
    case 'capture': return null;
  }
}

/** Why this slot cannot take an upload given the chosen document; null when it can. */
export function slotBlocker(row: Pick<VerificationRow, 'docType'>, slot: MediaSlot): HostedErrorCode | null {
  if (slot === 'selfie') return null;
  const back = needsBack(row.docType);
  if (back === null) return 'no_document';
  if (slot === 'document-back' && !back) return 'no_back';
  return null;
}

/** What submit still needs, in flow order; empty when ready. */
export function missingCaptures(row: Pick<VerificationRow, 'docType' | 'media'>): MissingCapture[] {
  const missing: MissingCapture[] = [];
  const back = needsBack(row.docType);
  if (back === null) missing.push('document');
  if (!row.media.front) missing.push('document-front');
  if (back === true && !row.media.back) missing.push('document-back');
  if (!row.media.selfie) missing.push('selfie');
  return missing;
}

/** Media after choosing a document: a back side is dropped when the new type has none. */
export function mediaAfterDocumentChoice(media: StoredMedia, newDocType: string): StoredMedia {
  if (needsBack(newDocType) !== false || !media.back) return media;
  const { back: _dropped, ...rest } = media;
  return rest;
}

export function capturedOf(media: StoredMedia) {
  return { documentFront: Boolean(media.front), documentBack: Boolean(media.back), selfie: Boolean(media.selfie) };
}
