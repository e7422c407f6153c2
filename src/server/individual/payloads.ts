import type { IndividualDecisionPayload } from '../../contract/events';
import { emptyDocInfo, type DocInfo } from '../../contract/document';
import { individualStatusCodes, type IndividualStatus } from '../../contract/statuses';
import { toDocInfo, type VerificationRow } from './record';
import { livenessRecordOf } from '../liveness/liveness-record';

/**
 * Webhook payloads of individual events. Progress events (spec: payload not shown) carry
 * verificationId, vendorData, status, statusCode, occurredAt; document uploads add docType,
 * issuingState and side. Decision events follow the spec's decision payload to the letter
 * (on failure `reason` both at the top level and inside docInfo).
 */
export function progressPayload(row: VerificationRow, now: Date, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const status = row.status as IndividualStatus;
  return {
    verificationId: row.id,
    vendorData: row.vendorData,
    status,
    statusCode: individualStatusCodes[status],
    occurredAt: now.toISOString(),
    ...extra,
  };
}

/** Extra fields of `document_front_uploaded` / `document_back_uploaded`. */
export function documentUploadExtra(row: VerificationRow, side: 'front' | 'back'): Record<string, unknown> {
  return { docType: row.docType ?? '', issuingState: row.issuingState ?? '', side };
}

/**
 * docInfo of a decision: the person's choice (docType, issuingState), then what was stored,
 * then what the specialist read; every key present, '' where unknown.
 */
export function mergeDocInfo(row: VerificationRow, supplied: Partial<DocInfo> = {}): DocInfo {
  const stored = row.docInfo ? toDocInfo(row.docInfo) : emptyDocInfo;
  const chosen: Partial<DocInfo> = {};
  if (row.docType) chosen.docType = row.docType as DocInfo['docType'];
  if (row.issuingState) chosen.issuingState = row.issuingState;
  const defined = Object.fromEntries(Object.entries(supplied).filter(([, v]) => v !== undefined));
  return { ...emptyDocInfo, ...stripEmpty(stored), ...chosen, ...defined };
}

function stripEmpty(d: DocInfo): Partial<DocInfo> {
  return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== '')) as Partial<DocInfo>;
}

/** `row` is the decided row (status successful or failed, docInfo merged, reason set). */
export function decisionPayload(row: VerificationRow, mediaUrl: (key: string) => string): IndividualDecisionPayload {
  const status = row.status as IndividualStatus;
  const payload: IndividualDecisionPayload = {
    verificationId: row.id,
    vendorData: row.vendorData,
    status,
    statusCode: individualStatusCodes[status],
    docInfo: toDocInfo(row.docInfo),
    userSelfie: mediaUrl(row.media.selfie ?? ''),
    liveness: livenessRecordOf(row.liveness, mediaUrl),
    userIdFront: mediaUrl(row.media.front ?? ''),
    userIdBack: mediaUrl(row.media.back ?? ''),
  };
  if (status === 'failed') {
    // Spec: docInfo has `reason` "additionally on failure"; the top-level one stays too.
    payload.docInfo = { ...payload.docInfo, reason: row.reason };
    payload.reason = row.reason;
    if (row.reasonCode !== null) payload.reasonCode = row.reasonCode;
  }
  return payload;
}
