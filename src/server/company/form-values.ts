import type { CampaignDefinition, CompanyStep } from '../../contract/campaign';
import { buildSectionSchema, campaignSections, draftSectionIds, type CompanyFormValues } from '../../contract/company-form';
import { LIVENESS_DONE, livenessStatusSchema, type CompanyDraft, type LivenessStatus, type UploadedDocument } from '../../contract/hosted-company';
import { plausibleVerificationId, type VerificationId } from '../../contract/ids';
import type { CompanyRow } from './store';

/** A stored document entry: the public fields plus the storage key (never sent to the browser). */
export type StoredDocument = UploadedDocument & { key: string };

export function storedDocuments(row: Pick<CompanyRow, 'uploadedDocuments'>): StoredDocument[] {
  return row.uploadedDocuments as unknown as StoredDocument[];
}

export function publicDocument(d: StoredDocument): UploadedDocument {
  return { id: d.id, kind: d.kind, fileName: d.fileName, contentType: d.contentType, size: d.size, uploadedAt: d.uploadedAt };
}

/**
 * Liveness as recorded in `authorityProfile` (see company-liveness.ts). The linked session's id
 * comes out of JSON, not a typed column, so it passes the id check here (ids we store always do).
 */
export function livenessOf(row: Pick<CompanyRow, 'authorityProfile'>): { status: LivenessStatus; verificationId: VerificationId | null } {
  const a = row.authorityProfile;
  const parsed = livenessStatusSchema.safeParse(a.livenessStatus);
  const status = parsed.success ? parsed.data : 'not_started';
  return { status, verificationId: typeof a.livenessVerificationId === 'string' ? plausibleVerificationId(a.livenessVerificationId) : null };
}

/**
 * `draft.documents` and `draft.liveness` mirror what the server keeps elsewhere (uploaded
 * documents, authorityProfile) so the draft holds every section of the form, as the record
 * mapper reads it. They are written by the server only (autosave accepts neither section).
 */
export function withMirrors(draft: Record<string, unknown>, from: Pick<CompanyRow, 'uploadedDocuments' | 'authorityProfile'>): Record<string, unknown> {
  const liveness = livenessOf(from);
  const completedAt = from.authorityProfile.completedAt;
  return {
    ...draft,
    documents: { files: storedDocuments(from).map(publicDocument) },
    liveness: {
      status: liveness.status,
      verificationId: liveness.verificationId,
      ...(typeof completedAt === 'string' ? { completedAt } : {}),
    },
  };
}

/** Only the sections the person edits (the mirrors are not part of the hosted draft). */
export function editableDraft(draft: Record<string, unknown>): CompanyDraft {
  return Object.fromEntries(draftSectionIds.filter((s) => draft[s] !== undefined).map((s) => [s, draft[s]])) as CompanyDraft;
}

/**
 * The form as the strict schema sees it: the saved draft sections plus what the server knows
 * about documents and liveness. Drafts were validated loosely when saved, hence the cast.
 */
export function formValuesOf(row: Pick<CompanyRow, 'draft' | 'uploadedDocuments' | 'authorityProfile'>): CompanyFormValues {
  return {
    ...editableDraft(row.draft),
    documents: { files: storedDocuments(row).map((d) => ({ id: d.id, kind: d.kind })) },
    liveness: { status: livenessOf(row).status },
  };
}

/**
 * Steps the person has done: saved (or, for documents, at least one upload; for liveness,
 * completed) and passing the campaign's strict schema. An untouched optional list is not "done".
 * Review counts once submitted.
 */
export function completedSteps(campaign: CampaignDefinition, values: CompanyFormValues, submitted: boolean): CompanyStep[] {
  const touched = (s: keyof CompanyFormValues) => (s === 'documents' ? (values.documents?.files?.length ?? 0) > 0
    : s === 'liveness' ? LIVENESS_DONE.includes(values.liveness?.status ?? '') : values[s] !== undefined);
  const done: CompanyStep[] = campaignSections(campaign)
    .filter((s) => touched(s) && buildSectionSchema(campaign, s).safeParse(values[s] ?? {}).success);
  if (submitted && campaign.steps.includes('review')) done.push('review');
  return done;
}
