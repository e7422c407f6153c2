// A team's work on the dashboard's cases (casework/): assignment, notes, four-eyes, bulk moves,
// saved views. Internal to the dashboard: none of it is in the customer API or its webhooks.
import { z } from 'zod';
import { familySchema } from './dashboard';

/** Most cases one bulk move takes (a page of the list at its largest). */
export const BULK_MAX = 100;
/** Longest note, in characters (a paragraph or two: longer findings belong in a document). */
export const NOTE_MAX = 4000;
/** Hours a case may wait for a specialist when its key sets none. */
export const REVIEW_SLA_DEFAULT_HOURS = 24;

/** One case of either family: `id` is the verificationId or the company's public `cv_` id. */
export const caseRefSchema = z.object({ family: familySchema, id: z.string().min(1).max(64) });
export type CaseRef = z.infer<typeof caseRefSchema>;

/** `PUT …/:family/:id/assignee`: a member of the organisation with the review ability, or null to release. */
export const assignBodySchema = z.object({ assigneeId: z.string().min(1).max(64).nullable() });

export const noteBodySchema = z.object({ body: z.string().trim().min(1, { message: 'a note cannot be empty' }).max(NOTE_MAX) });

/** A first reviewer's approval or decline waiting for a second (four-eyes). */
export const pendingDecisionSchema = z.object({
  decision: z.enum(['successful', 'failed']), reason: z.string(), memberId: z.string(), email: z.string(), at: z.string(),
});
export type PendingDecision = z.infer<typeof pendingDecisionSchema>;

export const caseNoteSchema = z.object({ id: z.string(), authorEmail: z.string(), body: z.string(), createdAt: z.string() });
export type CaseNote = z.infer<typeof caseNoteSchema>;

/** `GET …/:family/:id/work`: who has the case, the decision waiting under four-eyes, the notes, who may take it. */
export const caseWorkSchema = z.object({
  assignee: z.object({ id: z.string(), email: z.string() }).nullable(),
  assignedAt: z.string().nullable(),
  pending: pendingDecisionSchema.nullable(),
  fourEyes: z.boolean(),
  notes: z.array(caseNoteSchema),
  reviewers: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type CaseWork = z.infer<typeof caseWorkSchema>;

/**
 * `POST /verifications/bulk`: assign (or release) many cases, or decide many with one reason.
 * Each case is moved on its own (one refused case does not stop the others): the answer lists each.
 */
export const bulkBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assign'), items: z.array(caseRefSchema).min(1).max(BULK_MAX), assigneeId: z.string().min(1).max(64).nullable() }),
  z.object({
    action: z.literal('decide'), items: z.array(caseRefSchema).min(1).max(BULK_MAX),
    decision: z.enum(['successful', 'failed']), reason: z.string().trim().max(1000).optional(),
  }).refine((b) => b.decision === 'successful' || Boolean(b.reason), { message: 'a reason is required to decline', path: ['reason'] }),
]);
export type BulkBody = z.infer<typeof bulkBodySchema>;

/** One case's answer in a bulk move: `decided`, `proposed` (four-eyes), `assigned`, or why not. */
export const bulkResultSchema = z.object({
  family: familySchema, id: z.string(),
  result: z.enum(['assigned', 'decided', 'proposed', 'not_found', 'not_in_review', 'same_reviewer', 'resubmit_not_available']),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The organisation's review settings (owner and admin change them). */
export const reviewSettingsSchema = z.object({ fourEyes: z.boolean() });

/** A saved list view: the list's query string (no page) under a name. */
export const savedFilterBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  query: z.string().max(1000).refine((q) => !q.startsWith('?') && !/[\s#]/.test(q), { message: 'must be a query string without ? or #' }),
});
export const savedFilterSchema = z.object({ id: z.string(), name: z.string(), query: z.string(), createdAt: z.string() });
export type SavedFilter = z.infer<typeof savedFilterSchema>;
