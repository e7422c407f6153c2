import { docTypeSchema, emptyDocInfo, type DocInfo, type DocType } from '../../contract/document';
import type { VerificationId } from '../../contract/ids';
import type { IndividualRecord, IndividualSummary } from '../../contract/individual';
import type { Decision, IndividualStatus, VerificationMethod } from '../../contract/statuses';
import { verifications } from '../db/schema';
import { livenessRecordOf } from '../liveness/liveness-record';

export type VerificationRow = typeof verifications.$inferSelect;

/**
 * The columns a record needs: hot read paths select only these (fewer columns is measurably
 * cheaper per row on PGlite, where the query cost is the request cost).
 */
export const individualRecordColumns = {
  id: verifications.id,
  status: verifications.status,
  statusCode: verifications.statusCode,
  decision: verifications.decision,
  reason: verifications.reason,
  vendorData: verifications.vendorData,
  userMeta: verifications.userMeta,
  verificationMethod: verifications.verificationMethod,
  docType: verifications.docType,
  issuingState: verifications.issuingState,
  media: verifications.media,
  docInfo: verifications.docInfo,
  liveness: verifications.liveness,
  expiresAt: verifications.expiresAt,
  createdAt: verifications.createdAt,
  updatedAt: verifications.updatedAt,
  mediaErasedAt: verifications.mediaErasedAt,
  redactedAt: verifications.redactedAt,
};
export type RecordSource = Pick<VerificationRow, keyof typeof individualRecordColumns>;
type SummarySource = Pick<VerificationRow, 'id' | 'status' | 'statusCode' | 'reason' | 'vendorData' | 'userMeta' | 'verificationMethod' | 'createdAt' | 'updatedAt'>;

/** English names of the document types (record field `doc.name`). */
export const docTypeNames: Record<DocType, string> = {
  PASSPORT: 'Passport',
  NATIONAL_ID: 'National ID card',
  DRIVERS_LICENSE: "Driver's licence",
  RESIDENCE_PERMIT: 'Residence permit',
};

/** Hosted link of an individual session (spec: `{hosted_url}/?processId=<verification_id>`). */
export function individualLink(hostedUrl: string, id: VerificationId): string {
  return `${hostedUrl}/?processId=${id}`;
}

/** Cancel's short form (spec: PATCH …/cancel response). */
export function toIndividualSummary(row: SummarySource): IndividualSummary {
  return {
    id: row.id,
    status: row.status as IndividualStatus,
    statusCode: row.statusCode,
    reason: row.reason,
    vendorData: row.vendorData,
    userMeta: row.userMeta,
    verificationMethod: row.verificationMethod as VerificationMethod,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** docInfo with every key of the contract, strings only (unknown stored keys are dropped). */
export function toDocInfo(stored: Record<string, unknown> | null): DocInfo {
  const out: Record<string, string> = { ...emptyDocInfo };
  if (stored) {
    for (const k of Object.keys(emptyDocInfo)) {
      const v = stored[k];
      if (typeof v === 'string') out[k] = v;
    }
  }
  return out as DocInfo;
}

export interface RecordDeps {
  hostedUrl: string;
  /** Signed, expiring URL for a storage key ('' for ''); see media/signed-url.ts. */
  mediaUrl(key: string): string;
}

/**
 * Full record (spec: Individual verification record). Media not captured yet are empty strings
 * in both `key` and `url`, so the shape never changes with progress.
 */
export function toIndividualRecord(row: RecordSource, deps: RecordDeps): IndividualRecord {
  const media = row.media ?? {};
  const selfie = media.selfie ?? '';
  const front = media.front ?? '';
  const back = media.back ?? '';
  const type = docTypeSchema.safeParse(row.docType);
  return {
    ...toIndividualSummary(row),
    selfie: { key: selfie, url: deps.mediaUrl(selfie) },
    liveness: livenessRecordOf(row.liveness, deps.mediaUrl),
    doc: {
      type: row.docType ?? '',
      name: type.success ? docTypeNames[type.data] : '',
      issuingState: row.issuingState ?? '',
      key: { front, back },
      url: { front: deps.mediaUrl(front), back: deps.mediaUrl(back) },
    },
    docInfo: toDocInfo(row.docInfo),
    decision: (row.decision ?? null) as Decision | null,
    expiresAt: row.expiresAt.toISOString(),
    link: individualLink(deps.hostedUrl, row.id),
    mediaErasedAt: row.mediaErasedAt?.toISOString() ?? null,
    redactedAt: row.redactedAt?.toISOString() ?? null,
  };
}
