// Risk signals of a live session and what a key does with each (per-key risk rules). The rules
// map every signal to an action; the decision takes the strongest action of the signals raised.
import { z } from 'zod';

export const riskSignals = [
  'duplicate_face', 'reused_document', 'blocklist_hit', 'liveness_retries', 'injected_camera',
  'puppet_suspected', 'document_expired', 'minimum_age', 'name_unconfirmed', 'document_data_mismatch',
  'sanctions_hit', 'pep_hit',
] as const;
export type RiskSignal = (typeof riskSignals)[number];
export const riskActions = ['none', 'review', 'decline'] as const;
export type RiskAction = (typeof riskActions)[number];

/**
 * Defaults: what is proven (an expired document, a blocklisted person, an age under the key's
 * minimum, a face that did not follow the screen's light) declines; what only suggests fraud
 * (a face or document seen before, which honest people re-verifying also produce; camera
 * heuristics; many failed tries; names no second read confirmed) goes to a specialist.
 */
export const DEFAULT_RISK_RULES: Record<RiskSignal, RiskAction> = {
  duplicate_face: 'review',
  reused_document: 'review',
  blocklist_hit: 'decline',
  liveness_retries: 'review',
  injected_camera: 'review',
  puppet_suspected: 'decline',
  document_expired: 'decline',
  minimum_age: 'decline',
  name_unconfirmed: 'review',
  // The front's print and the licence's barcode disagree: an altered card, or a misread; a specialist tells.
  document_data_mismatch: 'review',
  // A name like a listed one is an alert, not a finding: a specialist compares the evidence (issue 28).
  sanctions_hit: 'review',
  pep_hit: 'review',
};

export const riskSignalSchema = z.enum(riskSignals);
export const riskActionSchema = z.enum(riskActions);
/** A key's overrides: only the signals it changes (the others keep their defaults). */
export const riskRulesSchema = z.partialRecord(riskSignalSchema, riskActionSchema);
export type RiskRules = z.infer<typeof riskRulesSchema>;

export const effectiveRiskRules = (overrides: RiskRules | null | undefined): Record<RiskSignal, RiskAction> => ({ ...DEFAULT_RISK_RULES, ...(overrides ?? {}) });

/** One signal raised on a session, with the action the key's rules took. */
export const raisedSignalSchema = z.object({
  signal: riskSignalSchema,
  action: riskActionSchema,
  /** Why, in words (scores, thresholds, which list entry). */
  detail: z.string(),
  /** The earlier verification of the same organisation it matched (duplicate, reused, blocklist). */
  matchVerificationId: z.string().optional(),
  /** Face-descriptor distance to that match (lower = more alike). */
  distance: z.number().optional(),
  /** The blocklist entry hit. */
  listEntryId: z.string().optional(),
  /** The screening hit (sanctions_hit, pep_hit): resolved in the case view, shown in checks.aml. */
  hitId: z.string().optional(),
});
export type RaisedSignal = z.infer<typeof raisedSignalSchema>;
