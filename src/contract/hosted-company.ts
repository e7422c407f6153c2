import { z } from 'zod';
import { campaignViewSchema, companyStepSchema } from './campaign';
import { isoDateTime } from './common';
import { HOSTED_COMPANY_ERROR_CODES, type HostedCompanyErrorCode } from './company-constants';
import { companyDraftSectionSchemas, draftSectionIdSchema } from './company-form';
import { hostedSessionSchema } from './hosted-individual';
import { companyStatusSchema } from './statuses';

/**
 * The private hosted company API: `/api/v1/hosted/company-verifications/{processId}/…`.
 * Every request carries the link's hostedToken in the `x-hosted-token` header.
 */
export { FILE_NAME_HEADER, HOSTED_TOKEN_HEADER } from './company-constants';

/** Supporting documents: PDF, JPEG or PNG, up to 10 MB each (checked by content, not by name). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const documentContentTypeSchema = z.enum(['application/pdf', 'image/jpeg', 'image/png']);
export const DOCUMENT_ACCEPTED_TYPES = documentContentTypeSchema.options;

/** Machine-readable `error.code` of hosted company errors; the app maps each to a screen or message. */
export const hostedCompanyErrorCodeSchema = z.enum(HOSTED_COMPANY_ERROR_CODES);
export type { HostedCompanyErrorCode };

/**
 * The HTTP status of each hosted company error: the company wing returns codes, its routes
 * answer with this status (as hostedErrorHttpStatus does for the individual flow).
 */
export const hostedCompanyErrorHttpStatus: Record<HostedCompanyErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415> = {
  not_found: 404,
  invalid_token: 401,
  expired: 409,
  closed: 409,
  already_submitted: 409,
  invalid_body: 400,
  invalid_form: 400,
  unknown_section: 400,
  unknown_document_kind: 400,
  too_many_files: 409,
  invalid_media: 400,
  media_too_large: 413,
  unsupported_media_type: 415,
  liveness_not_started: 409,
  liveness_not_needed: 400,
  liveness_completed: 409,
  consent_required: 409,
  liveness_attempts_exhausted: 409,
  liveness_challenge_invalid: 400,
  liveness_challenge_used: 409,
  selfie_upload_not_allowed: 403,
  liveness_evidence_mismatch: 400,
};

/**
 * The representative's liveness: `pending` once started, then the active check's final outcome:
 * `passed`, `failed` (after every try, or evidence without motion) or `not_live` (a selfie picked
 * from a file, where the key allows it). Earlier `completed` selfies were migrated to `not_live`.
 */
export const livenessStatusSchema = z.enum(['not_started', 'pending', 'passed', 'failed', 'not_live']);
/** The liveness step is done (a final outcome, whichever). */
export const LIVENESS_DONE: readonly string[] = ['passed', 'failed', 'not_live'];
export type LivenessStatus = z.infer<typeof livenessStatusSchema>;

export const uploadedDocumentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  /** Bytes as stored (images are re-encoded, so this can differ from the upload). */
  size: z.number().int().min(0),
  uploadedAt: isoDateTime,
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

/** The saved sections, as loose as autosave accepts them. */
export const companyDraftSchema = z.object({
  business: companyDraftSectionSchemas.business.optional(),
  contact: companyDraftSectionSchemas.contact.optional(),
  representative: companyDraftSectionSchemas.representative.optional(),
  officers: companyDraftSectionSchemas.officers.optional(),
  ownership: companyDraftSectionSchemas.ownership.optional(),
  questions: companyDraftSectionSchemas.questions.optional(),
});
export type CompanyDraft = z.infer<typeof companyDraftSchema>;

export const companyProgressSchema = z.object({
  /**
   * Index into the campaign's `steps` where the person is (spec: `progress.currentStep` integer).
   * The review screen is `reviewStepIndex` (campaign.ts): one past the last section when the
   * campaign does not list review, so a second device opens the review there too.
   */
  currentStep: z.number().int().min(0),
  /** Steps whose data passes the campaign's strict schema right now. */
  completedSteps: z.array(companyStepSchema),
  submittedAt: isoDateTime.nullable(),
  /** When the representative agreed to share the details (welcome screen); submit needs it. */
  consentedAt: isoDateTime.nullable(),
});
export type CompanyProgress = z.infer<typeof companyProgressSchema>;

/** Why the link cannot be used for changes any more (the app shows a screen per reason). */
export const companyClosedReasonSchema = z.enum(['expired', 'abandoned', 'successful', 'failed']);

/** `GET …/company-verifications/{processId}`: everything the form needs to resume on any device. */
export const hostedCompanySessionSchema = z.object({
  processId: z.string(),
  verificationId: z.string(),
  status: companyStatusSchema,
  statusCode: z.number().int(),
  /** `form` while editable; `submitted` once submitted or under review; `closed` otherwise. */
  phase: z.enum(['form', 'submitted', 'closed']),
  closedReason: companyClosedReasonSchema.nullable(),
  campaign: campaignViewSchema,
  draft: companyDraftSchema,
  documents: z.array(uploadedDocumentSchema),
  progress: companyProgressSchema,
  livenessStatus: livenessStatusSchema,
  livenessVerificationId: z.string().nullable(),
  /** Added: the key offers a file picker for the representative's selfie (then `not_live`). */
  selfieUploadAllowed: z.boolean(),
  expiresAt: isoDateTime,
  redirect: z.string().nullable(),
  branding: hostedSessionSchema.shape.branding,
  defaultLanguage: hostedSessionSchema.shape.defaultLanguage,
  testMode: z.boolean(),
});
export type HostedCompanySession = z.infer<typeof hostedCompanySessionSchema>;

/**
 * `PATCH …/draft`: autosave. `data` replaces the whole `section` (the form sends the section's
 * current values); `currentStep` alone just records where the person is. `consent: true` (the
 * welcome screen's Start, carried by the first save) records `progress.consentedAt` once.
 */
export const saveDraftBodySchema = z.object({
  section: draftSectionIdSchema.optional(),
  data: z.unknown().optional(),
  currentStep: z.number().int().min(0).max(50).optional(),
  consent: z.literal(true).optional(),
}).refine((b) => (b.section === undefined) === (b.data === undefined), {
  message: 'section and data go together', path: ['data'],
}).refine((b) => b.section !== undefined || b.currentStep !== undefined || b.consent !== undefined, { message: 'nothing to save' });
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

export const saveDraftResponseSchema = z.object({
  status: companyStatusSchema,
  statusCode: z.number().int(),
  progress: companyProgressSchema,
  savedAt: isoDateTime,
});

/** `POST …/liveness`: the linked individual verification the selfie capture runs against. */
export const startLivenessResponseSchema = z.object({
  livenessVerificationId: z.string(),
  livenessStatus: livenessStatusSchema,
});

/** `POST …/liveness/selfie` (image bytes). */
export const livenessSelfieResponseSchema = z.object({
  livenessVerificationId: z.string(),
  /** `pending` while another try is allowed; otherwise the final outcome. */
  livenessStatus: livenessStatusSchema,
  /** '' while pending. */
  completedAt: z.union([isoDateTime, z.literal('')]),
});

/** A field problem of a submit refused with `invalid_form`: dotted path and an i18n key. */
export const formIssueSchema = z.object({ path: z.string(), message: z.string() });

/** `POST …/submit`. */
export const submitCompanyResponseSchema = z.object({
  status: companyStatusSchema,
  statusCode: z.number().int(),
  submittedAt: isoDateTime,
  verificationId: z.string(),
  redirect: z.string().nullable(),
});

/** Issue message (and error message of the decide endpoints) for a `failed` without a reason. */
export const DECISION_REASON_REQUIRED = 'a reason is required for failed';

/**
 * Review moves (operator admin API and customers' test helpers, same body):
 * `POST …/company-verifications/{id}/decide`.
 */
export const companyDecisionBodySchema = z.object({
  decision: z.enum(['successful', 'failed']),
  reason: z.string().trim().max(1000).default(''),
}).superRefine((b, ctx) => {
  // The customer learns why from the failed payload's `reason`: a failure without one says nothing.
  if (b.decision === 'failed' && b.reason === '') {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: DECISION_REASON_REQUIRED });
  }
});
export type CompanyDecisionBody = z.input<typeof companyDecisionBodySchema>;
