import { z } from 'zod';
import { httpUrlSchema, isoDateTime, metaSchema, paginationQuerySchema, vendorDataSchema } from './common';
import { companyStatusSchema } from './statuses';

export const DEFAULT_CAMPAIGN_ID = 'default';

export const createCompanyBodySchema = z.object({
  vendorData: vendorDataSchema.optional(),
  meta: metaSchema.optional(),
  campaignId: z.string().min(1).max(100).optional(),
  redirect: httpUrlSchema.optional(),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;

export const createCompanyResponseSchema = z.object({
  link: z.string(),
  verificationId: z.string(),
  campaignId: z.string(),
  campaignVersion: z.number().int(),
  expiresAt: isoDateTime,
});

const freeForm = z.record(z.string(), z.unknown());

/** Company record (spec: Company verification record). Free-form blocks are documented in docs/api.md. */
export const companyRecordSchema = z.object({
  id: z.string(),
  verificationId: z.string(),
  externalId: z.string(),
  status: companyStatusSchema,
  /** Additive: numeric counterpart of status. */
  statusCode: z.number().int(),
  reason: z.string(),
  vendorData: z.string(),
  userMeta: freeForm,
  redirect: z.string().optional(),
  webhookUrl: z.string().optional(),
  campaignId: z.string(),
  campaignVersion: z.number().int(),
  businessProfile: freeForm,
  representativeProfile: freeForm,
  documents: freeForm,
  uploadedDocuments: z.array(freeForm),
  extractedProfile: freeForm,
  ownershipProfile: freeForm,
  authorityProfile: freeForm,
  additionalInformation: freeForm,
  analysis: freeForm,
  progress: freeForm,
  auditTrail: z.array(freeForm),
  customQuestionAnswers: z.array(freeForm),
  /** Additive: when the hosted link stops working. */
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Additive: when the documents' files were erased (retention, deletion, redaction); null while kept. */
  mediaErasedAt: isoDateTime.nullable(),
  /** Additive: when the customer redacted the verification; null otherwise. */
  redactedAt: isoDateTime.nullable(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

export const companyListQuerySchema = paginationQuerySchema.extend({
  status: companyStatusSchema.optional(),
});
