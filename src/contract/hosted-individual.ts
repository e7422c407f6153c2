import { z } from 'zod';
import { alpha3Schema } from './common';
import { docTypeSchema } from './individual';
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
  branding: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    accentColor: z.string().nullable(),
    privacyPolicyUrl: z.string().nullable(),
  }),
  /** A specialist asked for new captures (one resubmission at most). */
  resubmissionRequested: z.boolean(),
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
]);
export type HostedErrorCode = z.infer<typeof hostedErrorCodeSchema>;
