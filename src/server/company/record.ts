import type { CompanyRecord } from '../../contract/company';
import type { CompanyStatus } from '../../contract/statuses';
import type { companyVerifications } from '../db/schema';

export type CompanyRow = typeof companyVerifications.$inferSelect;
type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Hosted company link (spec: `{hosted_url}/company?processId=<id>&hostedToken=<token>`). */
export function companyLink(hostedUrl: string, id: string, hostedToken: string): string {
  return `${hostedUrl}/company?processId=${id}&hostedToken=${hostedToken}`;
}

export interface CompanyRecordDeps {
  /** The key's events URL, shown as the record's optional `webhookUrl`. */
  webhookUrl?: string | null;
  /** Signed URL for a storage key; uploaded documents carrying a `key` get a `url` with it. */
  mediaUrl?: (key: string) => string;
}

/**
 * Company record (spec: Company verification record) with every field. The hosted flow saves
 * its form in `draft`, one section per step (contract/company-form.ts); the record shows it as:
 *
 * - businessProfile       ← draft.business, plus `companyName` (= legalName) and
 *                           `countryOfRegistration` as in the spec's example, and `contact`
 *                           ← draft.contact (the business's emails, phones, registered address)
 * - representativeProfile ← draft.representative, plus `fullName`
 * - ownershipProfile      ← draft.ownership (`owners`)
 * - documents             ← draft.documents (`files`: ids and kinds of the uploads)
 * - uploadedDocuments     ← column uploaded_documents (+ signed `url` where an entry has `key`)
 * - additionalInformation ← `officers` ← draft.officers.items, `liveness` ← draft.liveness
 * - customQuestionAnswers ← draft.questions.answers as [{ questionId, answer }]
 * - authorityProfile, extractedProfile, analysis, progress, auditTrail ← their own columns
 *
 * Missing sections are empty objects/arrays, so the shape never depends on progress.
 */
export function toCompanyRecord(row: CompanyRow, deps: CompanyRecordDeps = {}): CompanyRecord {
  const draft = obj(row.draft);
  const business = obj(draft.business);
  const representative = obj(draft.representative);
  const answers = obj(obj(draft.questions).answers);
  const fullName = [str(representative.firstName), str(representative.lastName)].filter(Boolean).join(' ');
  const record: CompanyRecord = {
    id: row.id,
    verificationId: row.publicId,
    externalId: row.publicId,
    status: row.status as CompanyStatus,
    statusCode: row.statusCode,
    reason: row.reason,
    vendorData: row.vendorData,
    userMeta: row.userMeta,
    campaignId: row.campaignId,
    campaignVersion: row.campaignVersion,
    businessProfile: {
      ...business,
      companyName: str(business.legalName),
      countryOfRegistration: str(business.countryOfRegistration),
      contact: obj(draft.contact),
    },
    representativeProfile: { ...representative, fullName },
    documents: obj(draft.documents),
    uploadedDocuments: arr(row.uploadedDocuments).map((d) => {
      const doc = obj(d);
      const key = str(doc.key);
      return key && deps.mediaUrl ? { ...doc, url: deps.mediaUrl(key) } : doc;
    }),
    extractedProfile: obj(row.extractedProfile),
    ownershipProfile: obj(draft.ownership),
    authorityProfile: obj(row.authorityProfile),
    additionalInformation: { officers: arr(obj(draft.officers).items), liveness: obj(draft.liveness) },
    analysis: obj(row.analysis),
    progress: obj(row.progress),
    auditTrail: arr(row.auditTrail).map(obj),
    customQuestionAnswers: Object.entries(answers).map(([questionId, answer]) => ({ questionId, answer })),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mediaErasedAt: row.mediaErasedAt?.toISOString() ?? null,
    redactedAt: row.redactedAt?.toISOString() ?? null,
  };
  if (row.redirect) record.redirect = row.redirect;
  if (deps.webhookUrl) record.webhookUrl = deps.webhookUrl;
  return record;
}
