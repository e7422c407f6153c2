import { z } from 'zod';
import { keyModeSchema } from '../../contract/admin';
import { destinationSchema } from '../../contract/events';
import { companyStatusSchema } from '../../contract/statuses';
import type { CompanyListItem, listCompaniesForOperator } from '../domain/company-admin';
import { MAX_DELIVERIES_LIMIT } from '../routes/admin-webhooks.routes';
import type { Delivery, ListQuery } from '../webhooks/admin-ops';

/**
 * Shapes of the operator (admin) API that src/contract does not hold yet: the list queries are
 * parsed by zod schemas local to routes/admin-*.routes.ts, and two answers are TypeScript
 * interfaces of the server. Each schema here is held to the server's type at compile time
 * (`Same` below), so a change on either side without the other fails the type check.
 */

const page = z.coerce.number().int().min(1).default(1);
const adminLimit = (max: number) => z.coerce.number().int().min(1).max(max).default(50);

export const adminCompanyListQuerySchema = z.object({
  status: companyStatusSchema.optional(),
  mode: keyModeSchema.optional(),
  page,
  limit: adminLimit(100),
});

export const adminReviewListQuerySchema = z.object({ page, limit: adminLimit(100) });

export const adminDeliveryListQuerySchema = z.object({
  keyId: z.string().min(1).max(100).optional(),
  state: z.enum(['pending', 'delivered', 'failed']).optional(),
  limit: adminLimit(MAX_DELIVERIES_LIMIT),
  page,
});

export const companyListItemSchema = z.object({
  id: z.string(),
  verificationId: z.string(),
  status: companyStatusSchema,
  statusCode: z.number().int(),
  keyId: z.string(),
  mode: keyModeSchema,
  vendorData: z.string(),
  campaignId: z.string(),
  campaignVersion: z.number().int(),
  legalName: z.string(),
  countryOfRegistration: z.string(),
  reviewFlags: z.array(z.string()),
  provisioningReady: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});

export const deliverySchema = z.object({
  id: z.string(),
  keyId: z.string(),
  event: z.string(),
  destination: destinationSchema,
  subjectId: z.string().nullable(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().describe('Attempts recorded for this event (all of them, also before a redelivery)'),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.unknown().describe('The exact JSON body sent (and signed) on every attempt'),
  attemptLog: z.array(z.object({
    url: z.string(),
    attemptedAt: z.string(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number(),
    ok: z.boolean(),
  })),
});

/** `POST /admin/keys/{keyId}/test-webhook`: one queued event per configured URL. */
export const testEventsSchema = z.object({
  events: z.array(z.object({ id: z.string(), destination: destinationSchema, url: z.string() })),
});

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Holds<T extends true> = T;
/** Compile-time only: each schema's output is exactly the server's type. */
export type AdminShapesMatchTheServer = [
  Holds<Same<z.output<typeof companyListItemSchema>, CompanyListItem>>,
  Holds<Same<z.output<typeof deliverySchema>, Delivery>>,
  Holds<Same<z.output<typeof adminDeliveryListQuerySchema>, ListQuery>>,
  Holds<Same<z.output<typeof adminCompanyListQuerySchema>, Parameters<typeof listCompaniesForOperator>[1]>>,
];
