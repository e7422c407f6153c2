import { z } from 'zod';
import {
  httpUrlSchema, isoDateTime, metaSchema, paginationQuerySchema, vendorDataSchema,
} from './common';
import { decisionSchema, individualStatusSchema, verificationMethodSchema } from './statuses';
import { docInfoSchema } from './document';
import { livenessRecordSchema } from './liveness';

export const createIndividualBodySchema = z.object({
  vendorData: vendorDataSchema.optional(),
  meta: metaSchema.optional(),
  redirect: httpUrlSchema.optional(),
});
export type CreateIndividualBody = z.infer<typeof createIndividualBodySchema>;

export const createIndividualResponseSchema = z.object({
  verificationId: z.string(),
  link: z.string(),
  status: individualStatusSchema,
  statusCode: z.number().int(),
  expiresAt: isoDateTime,
});

/** Cancel returns this short form (spec: PATCH …/cancel). */
export const individualSummarySchema = z.object({
  id: z.string(),
  status: individualStatusSchema,
  statusCode: z.number().int(),
  reason: z.string(),
  vendorData: z.string(),
  userMeta: z.record(z.string(), z.unknown()),
  verificationMethod: verificationMethodSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** Full record (spec: Individual verification record) plus additive fields. */
export const individualRecordSchema = individualSummarySchema.extend({
  selfie: z.object({ key: z.string(), url: z.string() }),
  /** Added with active liveness: the check's outcome, challenge and evidence (src/contract/liveness.ts). */
  liveness: livenessRecordSchema,
  doc: z.object({
    type: z.string(),
    name: z.string(),
    issuingState: z.string(),
    key: z.object({ front: z.string(), back: z.string() }),
    url: z.object({ front: z.string(), back: z.string() }),
  }),
  docInfo: docInfoSchema,
  /** Additive: the session's decision field (submitted, review, expired, …) or null. */
  decision: decisionSchema.nullable(),
  /** Additive: when the link stops working. */
  expiresAt: isoDateTime,
  /** Additive: the hosted link, as returned at creation. */
  link: z.string(),
  /** Additive: when the media files were erased (retention, deletion, redaction); null while kept. */
  mediaErasedAt: isoDateTime.nullable(),
  /** Additive: when the customer redacted the session (`POST …/redact`); null otherwise. */
  redactedAt: isoDateTime.nullable(),
});
export type IndividualRecord = z.infer<typeof individualRecordSchema>;
export type IndividualSummary = z.infer<typeof individualSummarySchema>;

export const individualListQuerySchema = paginationQuerySchema.extend({
  status: individualStatusSchema.optional(),
});
