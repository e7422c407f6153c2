// Constants of the hosted company API as plain values (no zod), so the company flow's first
// screen can use them without the schema library; hosted-company.ts and company-form.ts build
// their schemas from the same lists.

/** Header carrying the link's hostedToken on every hosted company call. */
export const HOSTED_TOKEN_HEADER = 'x-hosted-token';
/** Original file name of an upload (percent-encoded UTF-8 allowed); sanitised by the server. */
export const FILE_NAME_HEADER = 'x-file-name';

/** Machine-readable `error.code` of hosted company errors; the app maps each to a screen or message. */
export const HOSTED_COMPANY_ERROR_CODES = [
  'not_found', 'invalid_token', 'expired', 'closed', 'already_submitted', 'invalid_body', 'invalid_form',
  'unknown_section', 'unknown_document_kind', 'too_many_files', 'invalid_media', 'media_too_large',
  'unsupported_media_type', 'liveness_not_started', 'liveness_not_needed', 'liveness_completed', 'consent_required',
  // Added with active liveness (the same check as the individual selfie; src/contract/liveness.ts).
  'liveness_attempts_exhausted', 'liveness_challenge_invalid', 'liveness_challenge_used', 'selfie_upload_not_allowed',
  // Added with evidence binding (the frames' hash chain does not start from this challenge's nonce).
  'liveness_evidence_mismatch',
] as const;
export type HostedCompanyErrorCode = (typeof HOSTED_COMPANY_ERROR_CODES)[number];

/** The form's sections, in the draft and in `PATCH …/draft`. */
export const draftSectionIds = ['business', 'contact', 'representative', 'officers', 'ownership', 'questions'] as const;
