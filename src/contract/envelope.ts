import { z } from 'zod';

/** Every JSON response of the customer API uses this envelope (spec: Response envelope). */
export const paginationMetaSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(0),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  error: z.record(z.string(), z.unknown()).nullable(),
  data: z.null().optional(),
  code: z.number().int(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    message: z.string(),
    data,
    code: z.literal(200),
  });
}

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: paginationMetaSchema,
    code: z.literal(200),
  });
}

/** Messages fixed by the spec, plus our choices where it shows none (documented in docs/api.md). */
export const messages = {
  unauthorized: 'Unauthorized',
  notFound: 'Verification not found or has been deleted',
  invalidBody: 'Invalid request payload',
  invalidQuery: 'Invalid query parameters',
  invalidTransition: 'Verification cannot change from its current status',
  idempotencyMismatch: 'Idempotency-Key was already used with a different request body',
  createdIndividual: 'Created verification',
  createdCompany: 'Created company verification',
  fetchedIndividuals: 'Fetched verifications',
  fetchedCompanies: 'Fetched company verifications',
  fetchedSingle: 'Fetched Single verifications',
  fetchedSingleCompany: 'Fetched Single company verification',
  cancelled: 'Verification cancelled successfully',
  deleted: 'Verification deleted',
  tooLarge: 'Request body too large',
  rateLimited: 'Too many requests',
  internal: 'Internal server error',
} as const;
