import { z } from 'zod';

/** Individual statuses and their codes (spec: Individual verification statuses). */
export const individualStatusCodes = {
  'not started': 1001,
  started: 2000,
  completed: 2001,
  successful: 2010,
  failed: 4100,
  abandoned: 3033,
  cancelled: 5000,
} as const;
export const individualStatuses = Object.keys(individualStatusCodes) as IndividualStatus[];
export type IndividualStatus = keyof typeof individualStatusCodes;
export const individualStatusSchema = z.enum([
  'not started', 'started', 'completed', 'successful', 'failed', 'abandoned', 'cancelled',
]);

/** A conclusive session is closed: its link can no longer be used. */
export const conclusiveIndividualStatuses: readonly IndividualStatus[] = [
  'successful', 'failed', 'abandoned', 'cancelled',
];
export function isConclusive(status: IndividualStatus): boolean {
  return conclusiveIndividualStatuses.includes(status);
}

/**
 * The session's decision field (spec: "may also read submitted, expired or review").
 * `resubmit` is ours: a specialist asked the person to capture again (one resubmission at most).
 */
export const decisionSchema = z.enum(['submitted', 'review', 'expired', 'resubmit', 'approved', 'declined']);
export type Decision = z.infer<typeof decisionSchema>;

/** Company statuses and their codes (spec: Company verification statuses). */
export const companyStatusCodes = {
  'not started': 1001,
  started: 2002,
  submitted: 2003,
  'under review': 2004,
  abandoned: 3033,
  successful: 2060,
  failed: 4004,
} as const;
export type CompanyStatus = keyof typeof companyStatusCodes;
export const companyStatusSchema = z.enum([
  'not started', 'started', 'submitted', 'under review', 'abandoned', 'successful', 'failed',
]);
export const companyStatuses = companyStatusSchema.options;

/**
 * Our code for an automatically declined second resubmission (spec: "a limit-exceeded code is
 * sent; its numeric value: not shown"). Sent as `reasonCode` in the failed decision payload.
 */
export const RESUBMISSION_LIMIT_EXCEEDED = 4290;
/** The reason that goes with it. */
export const RESUBMISSION_LIMIT_REASON = 'Resubmission limit exceeded';
/** A failed decision's reason when none was given (a customer's `failed` without one). */
export const DEFAULT_FAILED_REASON = 'Verification failed';

export const verificationMethodSchema = z.enum(['auto', 'manual']);
export type VerificationMethod = z.infer<typeof verificationMethodSchema>;

/** Session lifetime of individual verifications (spec: Limits). */
export const INDIVIDUAL_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Our choice for company links' `expiresAt` (spec: not shown): 30 days, long forms take time. */
export const COMPANY_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
