import { z } from 'zod';
import { companyStepIds } from './campaign';
import { riskSignals } from './risk-rules';

/**
 * The dashboard's overview: how a customer's users fare in the hosted flows, computed from
 * milestones the server records as each session runs (src/server/analytics/). Nothing leaves
 * the service; no personal data is in it (device class and browser family only).
 */

/** Milestones of the individual flow, in order: the funnel's stages. */
export const individualFunnel = ['opened', 'started', 'document', 'front', 'back', 'selfie', 'submitted', 'decided'] as const;
/**
 * Stages a session may pass without losing anyone: a passport has no back side. The funnel's
 * drop-off skips them (a stage's loss is counted against the next stage every session needs).
 */
export const optionalMilestones: readonly string[] = ['back'];
/** Milestones of the company flow: the campaign's steps sit between started and submitted. */
export const companyFunnel = ['opened', 'started', ...companyStepIds, 'submitted', 'decided'] as const;
export type FlowFamily = 'individual' | 'company';
export const flowFamilySchema = z.enum(['individual', 'company']);

/** Where sessions end (or pass): `review` is counted when a session reaches a specialist. */
export const outcomeKinds = ['approved', 'declined', 'review', 'resubmission', 'abandoned', 'cancelled'] as const;
export type OutcomeKind = (typeof outcomeKinds)[number];

/**
 * What the overview counts as a reason: a code, never the reason's text. Decision reasons carry
 * people's data (a screening hit names the person and the listed entity; a reviewer or the
 * customer writes what they like), and the overview's counters outlive redaction and are read by
 * every role, so words that are not an automatic check's are all counted as `other`.
 */
export const overviewReasonCodes = [
  ...riskSignals, 'face_mismatch', 'liveness_no_motion', 'liveness_other_person', 'liveness_failed',
  'liveness_not_performed', 'liveness_attempts_exhausted', 'selfie_not_live', 'resubmission_limit', 'unspecified', 'other',
] as const;
export type OverviewReasonCode = (typeof overviewReasonCodes)[number];

/** Device classes from the User-Agent (bowser's platform types; `unknown` when none). */
export const deviceClasses = ['mobile', 'tablet', 'desktop', 'tv', 'bot', 'unknown'] as const;

/**
 * Upper bounds (seconds, exclusive) of the step-time histogram buckets; the last bucket is
 * "longer". p50 and p90 are read from these buckets, so they are estimates within a bucket.
 */
export const timeBucketBounds = [3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 600, 1800] as const;

/** The flow version every individual session runs; bump it when the individual steps change. */
export const INDIVIDUAL_FLOW_VERSION = 'individual-1';

/** A real calendar day (`2026-02-30` is refused, not read as March), years 2000 to 2999. */
const day = z.string().regex(/^2\d{3}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD' })
  .refine((v) => { const t = Date.parse(`${v}T00:00:00Z`); return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v; }, { message: 'must be a date as YYYY-MM-DD' });

/** `GET /api/dashboard/overview` query: a period of cohort days (UTC), one flow, optional key and version. */
export const overviewQueryFields = z.object({
  from: day.optional(),
  to: day.optional(),
  family: flowFamilySchema.default('individual'),
  apiKeyId: z.string().min(1).max(100).optional(),
  flowVersion: z.string().min(1).max(200).optional(),
});
export const overviewQuerySchema = overviewQueryFields.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** Longest period one overview covers (days). */
export const OVERVIEW_MAX_DAYS = 366;

export const funnelStageSchema = z.object({
  step: z.string(),
  /** Sessions that reached this stage. */
  reached: z.number().int(),
  /** Sessions that reached this stage but not the next stage every session needs (0 for the last). */
  dropOff: z.number().int(),
});
export type FunnelStage = z.infer<typeof funnelStageSchema>;

export const stepStatsSchema = z.object({
  step: z.string(),
  reached: z.number().int(),
  /** Sessions that needed more than one try at this step (a new photo, another liveness round). */
  retried: z.number().int(),
  /** Time from the previous milestone to this one (seconds), estimated from the histogram; null without data. */
  p50Seconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
});
export type StepStats = z.infer<typeof stepStatsSchema>;

const splitRow = { opened: z.number().int(), submitted: z.number().int() };
/** `GET /api/dashboard/overview` answer: counts of sessions opened in the period (cohort days). */
export const overviewSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  family: flowFamilySchema,
  keys: z.array(z.object({ id: z.string(), name: z.string(), mode: z.enum(['test', 'live']) })),
  flowVersions: z.array(z.object({ id: z.string(), label: z.string() })),
  opened: z.number().int(),
  funnel: z.array(funnelStageSchema),
  steps: z.array(stepStatsSchema),
  outcomes: z.array(z.object({ outcome: z.enum(outcomeKinds), count: z.number().int() })),
  /** `reason`: one of overviewReasonCodes (a string, so a code added later reads on older clients). */
  reasons: z.array(z.object({ outcome: z.enum(outcomeKinds), reason: z.string(), count: z.number().int() })),
  devices: z.array(z.object({ device: z.string(), ...splitRow })),
  browsers: z.array(z.object({ browser: z.string(), ...splitRow })),
  volume: z.array(z.object({ day: z.string(), opened: z.number().int(), submitted: z.number().int(), decided: z.number().int() })),
});
export type Overview = z.infer<typeof overviewSchema>;
