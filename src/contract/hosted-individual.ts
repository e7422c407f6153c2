import { z } from 'zod';
import { alpha3Schema } from './common';
import { docInfoSchema, docTypeSchema } from './document';
import { SUPPORTED_LANGUAGES } from './languages';
import { hostedLivenessSchema } from './liveness-session';
import { decisionSchema, individualStatusSchema } from './statuses';

/** Capture slots the hosted flow uploads to: `PUT /v1/hosted/verifications/{processId}/media/{slot}`. */
export const mediaSlotSchema = z.enum(['document-front', 'document-back', 'selfie']);
export type MediaSlot = z.infer<typeof mediaSlotSchema>;

/** Upload limits (server-enforced; the app checks them too to fail fast). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_PIXELS = 40_000_000;
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Why a link cannot be used any more, for the closed-link screen. */
export const closedReasonSchema = z.enum(['cancelled', 'abandoned', 'failed', 'successful', 'expired']);

/** `GET /v1/hosted/verifications/{processId}`: everything the flow needs to resume. */
export const hostedSessionSchema = z.object({
  processId: z.string(),
  status: individualStatusSchema,
  decision: decisionSchema.nullable(),
  /** Derived by the server: where the person should be. */
  phase: z.enum(['welcome', 'capture', 'submitted', 'closed']),
  closedReason: closedReasonSchema.nullable(),
  document: z.object({ type: docTypeSchema, issuingState: alpha3Schema }).nullable(),
  captured: z.object({ documentFront: z.boolean(), documentBack: z.boolean(), selfie: z.boolean() }),
  /** Whether the chosen document needs a back side (null until a document is chosen). */
  needsBack: z.boolean().nullable(),
  expiresAt: z.string(),
  redirect: z.string().nullable(),
  /** The key's branding, shared by both hosted flows. */
  branding: z.object({
    /**
     * The key's branding name, '' when none is set (never the key's own name, an operator
     * label): the app then says "the company that sent you this link".
     */
    name: z.string(),
    logoUrl: z.string().nullable(),
    accentColor: z.string().nullable(),
    privacyPolicyUrl: z.string().nullable(),
  }),
  /** The key's default language (after the link's `?lang=`, before the browser's); null: none set. */
  defaultLanguage: z.enum(SUPPORTED_LANGUAGES).nullable(),
  /** A specialist asked for new captures (one resubmission at most). */
  resubmissionRequested: z.boolean(),
  /**
   * Added: the specialist's reason for asking, shown on the reopened capture screens. Present
   * only while a resubmission is requested and a reason was given.
   */
  resubmissionReason: z.string().optional(),
  /** Added with active liveness: the check's outcome so far, tries left, whether a picked selfie is allowed. */
  liveness: hostedLivenessSchema,
  /** Test-mode sessions show a small "test mode" badge. */
  testMode: z.boolean(),
  /** For the done screen / redirect: present once submitted. */
  verificationId: z.string(),
});
export type HostedSession = z.infer<typeof hostedSessionSchema>;

/** `PUT …/document` body. */
export const chooseDocumentBodySchema = z.object({ type: docTypeSchema, issuingState: alpha3Schema });
export type ChooseDocumentBody = z.infer<typeof chooseDocumentBodySchema>;

/** Hosted API errors carry a machine-readable `error.code` the app maps to a screen. */
export const hostedErrorCodeSchema = z.enum([
  'not_found', 'closed', 'already_submitted', 'invalid_body', 'invalid_media', 'media_too_large',
  'unsupported_media_type', 'missing_captures', 'no_document', 'invalid_token', 'rate_limited',
  // Added with the hosted API: capture before `start`; a back side for a document type without one.
  'not_started', 'no_back',
  // Added with auto-capture: a document upload in which no document is found.
  'document_not_found',
  // Added with the card-side check: a document side that is the other side again (the front as the back).
  'same_side',
  // Added with active liveness (src/contract/liveness.ts).
  'liveness_attempts_exhausted', 'liveness_challenge_invalid', 'liveness_challenge_used', 'selfie_upload_not_allowed',
  // Added with evidence binding: the frames' hash chain does not start from this challenge's nonce.
  'liveness_evidence_mismatch',
]);
export type HostedErrorCode = z.infer<typeof hostedErrorCodeSchema>;

/**
 * HTTP status of each hosted error (the app maps `error.code`, never the status):
 * 404 unknown or deleted link, 409 the session's state forbids the action, 413/415 upload
 * refused by size or type, 400 anything wrong with the request itself.
 */
export const hostedErrorHttpStatus: Record<HostedErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429> = {
  not_found: 404,
  closed: 409,
  already_submitted: 409,
  not_started: 409,
  invalid_body: 400,
  document_not_found: 400,
  same_side: 400,
  liveness_attempts_exhausted: 409,
  liveness_challenge_invalid: 400,
  liveness_challenge_used: 409,
  liveness_evidence_mismatch: 400,
  selfie_upload_not_allowed: 403,
  invalid_media: 400,
  no_back: 400,
  no_document: 400,
  missing_captures: 400,
  media_too_large: 413,
  unsupported_media_type: 415,
  invalid_token: 401,
  rate_limited: 429,
};

/** `missing_captures` errors list what is still needed. */
export const missingCaptureSchema = z.enum(['document', 'document-front', 'document-back', 'selfie']);
export type MissingCapture = z.infer<typeof missingCaptureSchema>;

/**
 * Test helper (test keys only): `POST /v1/test/verifications/{id}/outcome`. Applied at once when
 * the session is submitted and undecided, otherwise stored and applied at submit.
 */
export const testOutcomeBodySchema = z.object({
  outcome: z.enum(['successful', 'failed']),
  reason: z.string().trim().max(1000).optional(),
});
export type TestOutcomeBody = z.infer<typeof testOutcomeBodySchema>;

/**
 * Specialist decision (admin API `POST /api/admin/reviews/{id}/decide`, `idv review decide`).
 * `docInfo` values read by the specialist are merged over what the person chose.
 */
export const reviewDecisionBodySchema = z.object({
  decision: z.enum(['successful', 'failed', 'resubmit']),
  reason: z.string().trim().max(1000).optional(),
  docInfo: docInfoSchema.partial().optional(),
}).refine((b) => b.decision !== 'failed' || Boolean(b.reason), {
  message: 'a reason is required to fail a verification', path: ['reason'],
});
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBodySchema>;

