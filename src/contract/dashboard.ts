// The customer dashboard's API (`/api/dashboard`, member session): one list over both families.
import { z } from 'zod';
import { paginationQuerySchema } from './common';

/** A real calendar day (2026-02-30 is refused, not rolled over into March). */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date like 2026-01-31' })
  .refine((d) => { const t = new Date(`${d}T00:00:00Z`); return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d; }, { message: 'must be a real date' });

export const familySchema = z.enum(['individual', 'company']);

/** `GET /api/dashboard/verifications`: newest first, both families unless `family` is given. */
export const dashboardListQuerySchema = paginationQuerySchema.extend({
  family: familySchema.optional(),
  status: z.string().max(40).optional(),
  keyId: z.string().max(64).optional(),
  /** Created on or after / before this date (YYYY-MM-DD, UTC). */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  /** An id (exact) or a piece of vendorData. */
  q: z.string().trim().max(200).optional(),
  /** Only the cases waiting for a specialist. */
  waiting: z.enum(['1', 'true']).optional(),
  /** `me`, `none` (nobody has it) or a member's id. */
  assignee: z.string().min(1).max(64).optional(),
  /** `newest` (created, the default) or `oldest` (waiting longest first: the queue's order). */
  sort: z.enum(['newest', 'oldest']).optional(),
});
export type DashboardListQuery = z.infer<typeof dashboardListQuerySchema>;

export const dashboardListItemSchema = z.object({
  family: familySchema,
  /** The verificationId (individual) or the public `cv_` id (company). */
  id: z.string(),
  status: z.string(),
  statusCode: z.number().int(),
  vendorData: z.string(),
  keyId: z.string(),
  keyName: z.string(),
  keyMode: z.enum(['test', 'live']),
  /** Waiting for a specialist's decision. */
  waitingForReview: z.boolean(),
  /** The person's name as read from the document, or the company's legal name ('' when unknown or erased). */
  name: z.string(),
  /** Issuing country (individual) or country of registration (company), ISO alpha-3 or ''. */
  country: z.string(),
  /**
   * high: the automatic checks failed, or a screening hit is open; medium: the checks (or the
   * company's analysis) flagged something for a look; low: nothing flagged; null: not checked yet.
   */
  risk: z.enum(['low', 'medium', 'high']).nullable(),
  submittedAt: z.string().nullable(),
  /** While waiting: when the key's review time (SLA) runs out (submittedAt + reviewSlaHours). */
  dueAt: z.string().nullable(),
  assignee: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Under four-eyes: a first reviewer's decision waits for a second. */
  awaitingSecondReview: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DashboardListItem = z.infer<typeof dashboardListItemSchema>;

export const dashboardListSchema = z.object({
  items: z.array(dashboardListItemSchema),
  total: z.number().int(),
  /** Counts per family and status under the current filters (all but status and waiting, which the cards choose). */
  counts: z.object({ individual: z.record(z.string(), z.number().int()), company: z.record(z.string(), z.number().int()), waitingForReview: z.number().int() }),
  /** The organisation's keys (names only, never the key), for the key filter: reviewers see no Developers section. */
  keys: z.array(z.object({ id: z.string(), name: z.string(), mode: z.enum(['test', 'live']), revoked: z.boolean() })),
  /** Members who review (the assignee filter, bulk assignment). */
  reviewers: z.array(z.object({ id: z.string(), email: z.string() })),
  /** The server's time of the answer: waiting times and due dates are shown against it, not the browser's clock. */
  now: z.string(),
});
export type DashboardList = z.infer<typeof dashboardListSchema>;

/**
 * A specialist's decision from the dashboard: approve, decline with a reason, or ask for new
 * captures with a reason the person reads (`idv review decide` takes the same, reasons optional
 * there for resubmit).
 */
export const dashboardDecisionBodySchema = z.object({
  decision: z.enum(['successful', 'failed', 'resubmit']),
  reason: z.string().trim().max(1000).optional(),
}).refine((b) => b.decision === 'successful' || Boolean(b.reason), { message: 'a reason is required to decline or to ask for a resubmission', path: ['reason'] });
export type DashboardDecisionBody = z.infer<typeof dashboardDecisionBodySchema>;

export const auditEntrySchema = z.object({
  at: z.string(), actorEmail: z.string(), action: z.string(), subjectId: z.string().nullable(), detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
