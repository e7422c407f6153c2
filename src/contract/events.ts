import { z } from 'zod';
import { docInfoSchema } from './document';
import { individualStatusSchema } from './statuses';
import { livenessRecordSchema } from './liveness';
import { screeningHitSchema } from './screening';

/** Where an event goes: the key's events URL (progress) or its decision URL (outcomes). */
export const destinationSchema = z.enum(['events', 'decision']);
export type Destination = z.infer<typeof destinationSchema>;

export const individualEventDestinations = {
  'verification.started': 'events',
  'verification.selfie_uploaded': 'events',
  'verification.document_front_uploaded': 'events',
  'verification.document_back_uploaded': 'events',
  'verification.processing_started': 'events',
  'verification.biometrics_matched': 'events',
  'verification.successful': 'decision',
  'verification.failed': 'decision',
  /** Ours (spec: not shown): the customer redacted the session; the payload is its skeleton. */
  'verification.redacted': 'events',
  /** Ours (issue 28): screening found a new or changed sanctions/PEP hit (at the decision, or later when a list changed). */
  'verification.aml_hit': 'events',
} as const satisfies Record<string, Destination>;

export const companyEventDestinations = {
  'company_verification.submitted': 'events',
  'company_verification.liveness_completed': 'events',
  'company_verification.under_review': 'events',
  'company_verification.successful': 'decision',
  'company_verification.failed': 'decision',
  'company_verification.redacted': 'events',
  /** Ours (issue 28): the company, an officer, an owner or the representative has a new or changed screening hit. */
  'company_verification.aml_hit': 'events',
} as const satisfies Record<string, Destination>;

/** Sent by `idv webhooks test` to both URLs; consumers must tolerate unfamiliar types anyway. */
export const testEventDestinations = { 'webhook.test': 'events' } as const;

export const eventDestinations = {
  ...individualEventDestinations,
  ...companyEventDestinations,
  ...testEventDestinations,
} as const;
export type IndividualEventType = keyof typeof individualEventDestinations;
export type CompanyEventType = keyof typeof companyEventDestinations;
export type EventType = keyof typeof eventDestinations;

/** Envelope of every webhook body (spec: `{ event, data }`). */
export const webhookBodySchema = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) });

/**
 * Progress payload of individual events (spec: not shown; ours, documented in docs/api.md).
 * Extra fields per event: `docType`/`issuingState` on document uploads, `side` on document uploads.
 */
export const individualProgressPayloadSchema = z.object({
  verificationId: z.string(),
  vendorData: z.string(),
  status: individualStatusSchema,
  statusCode: z.number().int(),
  occurredAt: z.string(),
});

/**
 * docInfo of a decision payload (spec: "same keys as in the record; `reason` additionally on
 * failure"): the record's keys, and on failure `reason`, equal to the payload's top-level one.
 */
export const decisionDocInfoSchema = docInfoSchema.extend({ reason: z.string().optional() }).strict();

/**
 * Decision payload of individual events (spec: Decision payload data). `reason` (top level and
 * in docInfo, the same value) and `reasonCode` appear on failure only.
 */
export const individualDecisionPayloadSchema = z.object({
  verificationId: z.string(),
  vendorData: z.string(),
  status: individualStatusSchema,
  statusCode: z.number().int(),
  docInfo: decisionDocInfoSchema,
  userSelfie: z.string(),
  /** Added with active liveness: the same block as the record's. */
  liveness: livenessRecordSchema,
  userIdFront: z.string(),
  userIdBack: z.string(),
  /** Present on failure only. */
  reason: z.string().optional(),
  /** Present on failure only: machine-readable reason (e.g. 4290 resubmission limit exceeded). */
  reasonCode: z.number().int().optional(),
}).superRefine((p, ctx) => {
  if (p.status === 'failed') {
    if (p.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required on failure' });
    if (p.docInfo.reason !== p.reason) {
      ctx.addIssue({ code: 'custom', path: ['docInfo', 'reason'], message: 'must equal reason on failure' });
    }
    return;
  }
  for (const [path, value] of [[['reason'], p.reason], [['reasonCode'], p.reasonCode], [['docInfo', 'reason'], p.docInfo.reason]] as const) {
    if (value !== undefined) ctx.addIssue({ code: 'custom', path: [...path], message: 'only on failure' });
  }
});
export type IndividualDecisionPayload = z.infer<typeof individualDecisionPayloadSchema>;

/** One hit as the aml_hit events carry it: the listed entity, the list and version, the score and its features. */
export const amlHitEventHitSchema = screeningHitSchema.pick({
  id: true, part: true, partName: true, listId: true, listName: true, listVersion: true, entityKey: true, entityName: true,
  matchedName: true, signal: true, score: true, features: true, state: true,
});

/**
 * `verification.aml_hit` / `company_verification.aml_hit` (ours; consumers tolerate new types):
 * the subject's ids and state, and the hits new or changed since the last screening.
 */
export const amlHitPayloadSchema = z.object({
  /** `verification.aml_hit`: the verification; `company_verification.aml_hit`: the company verification's public id. */
  verificationId: z.string(),
  companyVerificationId: z.string().optional(),
  vendorData: z.string(),
  status: z.string(),
  statusCode: z.number().int(),
  occurredAt: z.string(),
  /** `decision` (screened as the session was decided or submitted) or `monitoring` (screened again after a list import). */
  trigger: z.enum(['decision', 'monitoring']),
  hits: z.array(amlHitEventHitSchema),
});
export type AmlHitPayload = z.infer<typeof amlHitPayloadSchema>;

const str = z.string();
export const companyBusinessPayloadSchema = z.object({
  legalName: str, registrationNumber: str, registrationType: str, countryOfRegistration: str,
  businessBvn: str, industry: str, description: str, website: str,
});
export const companyContactPayloadSchema = z.object({
  emails: z.object({ general: str, representative: str }),
  phoneNumbers: z.object({ general: str, representative: str }),
  addresses: z.object({
    registered: z.object({ addressLine1: str, city: str, state: str, country: str, fullAddress: str }),
  }),
});
export const companyRepresentativePayloadSchema = z.object({
  firstName: str, lastName: str, fullName: str, email: str, phoneNumber: str,
  relationshipToBusiness: str, isAuthorised: str,
});
export const companyOfficerPayloadSchema = z.object({
  firstName: str, lastName: str, fullName: str, role: str, email: str,
});
export const companyReviewPayloadSchema = z.object({
  source: str,
  analysisStatus: str,
  pendingInternalReview: z.boolean(),
  missingFields: z.array(str),
  reviewFlags: z.array(str),
  provisioning: z.object({ ready: z.boolean(), pendingFields: z.array(str) }),
});

/** Company payload (spec: same shape for submitted and successful). */
export const companyPayloadSchema = z.object({
  companyVerificationId: str,
  verificationId: str,
  externalId: str,
  vendorData: str,
  status: str,
  reason: str,
  submittedAt: str,
  campaignId: str,
  campaignVersion: z.number().int(),
  companyProfile: z.object({
    business: companyBusinessPayloadSchema,
    contact: companyContactPayloadSchema,
    authorisedRepresentative: companyRepresentativePayloadSchema,
    officers: z.array(companyOfficerPayloadSchema),
    ownership: z.object({ threshold: z.number(), beneficialOwners: z.array(z.record(z.string(), z.unknown())) }),
  }),
  review: companyReviewPayloadSchema,
});
export type CompanyPayload = z.infer<typeof companyPayloadSchema>;
