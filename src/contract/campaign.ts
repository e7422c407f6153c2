import { z } from 'zod';
import { alpha3Schema, isoDateTime } from './common';

/**
 * Campaigns shape the company flow: which steps, which fields are required, the supporting
 * documents, the ownership threshold, custom questions, allowed countries and liveness.
 * A campaign has integer versions; a verification keeps the published version it was created with.
 */

/** Every step the company flow knows, in their natural order. */
export const companyStepIds = [
  'business', 'contact', 'representative', 'officers', 'ownership', 'documents', 'liveness', 'questions', 'review',
] as const;
export const companyStepSchema = z.enum(companyStepIds);
export type CompanyStep = z.infer<typeof companyStepSchema>;

/**
 * Field names a campaign can mark required, per section (list sections: per item).
 * `businessBvn` is the exception: it exists only for countries whose businesses have a Bank
 * Verification Number (BVN_COUNTRIES in company-form.ts). There it is always required, whatever
 * the campaign says; everywhere else it is neither asked nor required, even when a campaign lists
 * it. Listing it is accepted (older campaigns do) and changes nothing.
 */
export const businessFieldNames = [
  'legalName', 'registrationNumber', 'registrationType', 'countryOfRegistration', 'businessBvn', 'industry',
  'description', 'website',
] as const;
export const contactFieldNames = [
  'generalEmail', 'generalPhone', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country',
] as const;
/** `isAuthorised` is not listed: the attestation is always required. */
export const representativeFieldNames = [
  'firstName', 'lastName', 'email', 'phone', 'relationshipToBusiness', 'idDocumentType', 'idDocumentNumber',
  'idIssuingCountry',
] as const;
export const officerFieldNames = ['firstName', 'lastName', 'role', 'email'] as const;
/** `share` is not listed: an owner's share is always required. */
export const ownerFieldNames = ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'email'] as const;

export const requiredFieldsSchema = z.object({
  business: z.array(z.enum(businessFieldNames)).default(['legalName', 'registrationNumber', 'registrationType', 'countryOfRegistration', 'industry']),
  contact: z.array(z.enum(contactFieldNames)).default(['generalEmail', 'generalPhone', 'addressLine1', 'city', 'country']),
  representative: z.array(z.enum(representativeFieldNames)).default([...representativeFieldNames]),
  officer: z.array(z.enum(officerFieldNames)).default(['firstName', 'lastName', 'role']),
  owner: z.array(z.enum(ownerFieldNames)).default(['firstName', 'lastName']),
});
export type RequiredFields = z.infer<typeof requiredFieldsSchema>;

/** Plain-text label with optional per-language variants (`{ fr: '…' }`); never HTML. */
const labelText = z.string().trim().min(1).max(300);
const labels = z.record(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/), labelText).optional();
const slugId = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'must be lower case letters, digits or _ (max 40)' });

/** Document kinds the web app has translated names for; other kinds show their label. */
export const knownDocumentKinds = [
  'business_registration', 'proof_of_address', 'articles_of_association', 'shareholder_register', 'tax_certificate', 'other',
] as const;
export const DOCUMENT_MAX_FILES_LIMIT = 10;

export const documentRequirementSchema = z.object({
  kind: slugId,
  label: labelText.optional(),
  labels,
  required: z.boolean().default(true),
  maxFiles: z.number().int().min(1).max(DOCUMENT_MAX_FILES_LIMIT).default(3),
});
export type DocumentRequirement = z.infer<typeof documentRequirementSchema>;

export const questionTypeSchema = z.enum(['short_text', 'long_text', 'single_choice', 'multiple_choice', 'yes_no', 'date']);
export type QuestionType = z.infer<typeof questionTypeSchema>;
const choiceTypes: readonly QuestionType[] = ['single_choice', 'multiple_choice'];

export const questionOptionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  label: labelText,
  labels,
});

export const customQuestionSchema = z.object({
  id: slugId,
  label: labelText,
  labels,
  type: questionTypeSchema,
  options: z.array(questionOptionSchema).max(50).default([]),
  required: z.boolean().default(false),
}).superRefine((q, ctx) => {
  const isChoice = choiceTypes.includes(q.type);
  if (isChoice && q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'choice questions need at least 2 options' });
  if (!isChoice && q.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'only choice questions have options' });
  if (new Set(q.options.map((o) => o.value)).size !== q.options.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'option values must be unique' });
  }
});
export type CustomQuestion = z.infer<typeof customQuestionSchema>;

export const DEFAULT_OWNERSHIP_THRESHOLD = 25;

export const campaignDefinitionSchema = z.object({
  steps: z.array(companyStepSchema).min(1).default(
    ['business', 'contact', 'representative', 'officers', 'ownership', 'documents', 'liveness', 'review'],
  ),
  requiredFields: requiredFieldsSchema.default(() => requiredFieldsSchema.parse({})),
  documents: z.array(documentRequirementSchema).max(20).default([
    { kind: 'business_registration', required: true, maxFiles: 3 },
    { kind: 'proof_of_address', required: true, maxFiles: 3 },
  ]),
  /** Percent: owners at or above it are beneficial owners whose details are expected. */
  ownershipThreshold: z.number().gt(0).max(100).default(DEFAULT_OWNERSHIP_THRESHOLD),
  questions: z.array(customQuestionSchema).max(50).default([]),
  /** ISO alpha-3 codes; empty means every country. */
  allowedCountries: z.array(alpha3Schema).max(300).default([]),
  livenessRequired: z.boolean().default(true),
}).superRefine((d, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (new Set(d.steps).size !== d.steps.length) issue(['steps'], 'steps must be unique');
  const reviewAt = d.steps.indexOf('review');
  if (reviewAt !== -1 && reviewAt !== d.steps.length - 1) issue(['steps'], 'review must be the last step');
  if (d.livenessRequired && !d.steps.includes('liveness')) issue(['livenessRequired'], 'liveness is required but not a step');
  if (d.questions.length > 0 && !d.steps.includes('questions')) issue(['steps'], 'custom questions need the questions step');
  if (d.questions.length === 0 && d.steps.includes('questions')) issue(['questions'], 'the questions step needs at least one question');
  if (d.documents.length === 0 && d.steps.includes('documents')) issue(['documents'], 'the documents step needs at least one document kind');
  if (new Set(d.documents.map((x) => x.kind)).size !== d.documents.length) issue(['documents'], 'document kinds must be unique');
  if (new Set(d.questions.map((x) => x.id)).size !== d.questions.length) issue(['questions'], 'question ids must be unique');
});
export type CampaignDefinition = z.output<typeof campaignDefinitionSchema>;
export type CampaignDefinitionInput = z.input<typeof campaignDefinitionSchema>;

/**
 * `progress.currentStep` of the review screen. The flow always ends with review: its index in
 * `steps` when the campaign lists it (always last), else one past the last section.
 */
export function reviewStepIndex(d: Pick<CampaignDefinition, 'steps'>): number {
  const at = d.steps.indexOf('review');
  return at === -1 ? d.steps.length : at;
}

/** The default campaign's definition: every field of the schema at its default. */
export const defaultCampaignDefinition: CampaignDefinition = campaignDefinitionSchema.parse({});

/** Campaign ids appear in URLs and CLI arguments. */
export const campaignIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, {
  message: 'must be lower case letters, digits, - or _ (max 63)',
});

/**
 * `POST /api/admin/campaigns` and `POST /api/dashboard/campaigns`: creates the campaign or a new
 * draft version of it. Without `id` a new campaign gets a random one (`cmp_` + 32 hex, never from
 * the name); an `id` names the campaign to add a draft to (a member: only their organisation's;
 * the operator may also create a campaign under a new id).
 */
export const createCampaignBodySchema = z.object({
  id: campaignIdSchema.optional(),
  name: z.string().trim().min(1).max(200),
  definition: campaignDefinitionSchema,
});
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

export const campaignVersionSchema = z.object({
  version: z.number().int().min(1),
  publishedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  definition: campaignDefinitionSchema,
});

export const campaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  publishedVersion: z.number().int().nullable(),
  latestVersion: z.number().int(),
  /** The newest version when it is an unpublished draft, else null. */
  draftVersion: z.number().int().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignDetailSchema = campaignSummarySchema.extend({ versions: z.array(campaignVersionSchema) });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/**
 * The dashboard's view: `shared` marks the built-in default campaign, which every organisation
 * uses and no member may change (drafts and publishing answer 403 `read_only`).
 */
export const dashboardCampaignSummarySchema = campaignSummarySchema.extend({ shared: z.boolean() });
export const dashboardCampaignDetailSchema = campaignDetailSchema.extend({ shared: z.boolean() });

/** One version as the hosted flow sees it. */
export const campaignViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  definition: campaignDefinitionSchema,
});
export type CampaignView = z.infer<typeof campaignViewSchema>;
