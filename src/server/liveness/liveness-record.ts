// How a session's stored liveness (liveness-state.ts) is shown: the record's and decision
// payload's `liveness` block, the hosted app's view, and why a session cannot pass on it.
import { LIVENESS_MAX_ATTEMPTS, type HostedLiveness } from '../../contract/liveness-session';
import type { LivenessRecord } from '../../contract/liveness';
import { attemptsLeft, livenessOfRow, maxRoundsOf, roundOf } from './liveness-state';

/** What the hosted app is told (HostedSession.liveness). */
export function hostedLivenessOf(value: unknown, selfieUploadAllowed: boolean, keyRounds?: number | null): HostedLiveness {
  const l = livenessOfRow(value);
  const roundsLeft = l.exhausted ? 0 : Math.max(0, maxRoundsOf(l, keyRounds) - Math.max(roundOf(l), l.outcome === 'not_performed' ? 1 : 0));
  return {
    status: l.outcome,
    attemptsLeft: l.exhausted ? 0 : l.outcome === 'not_performed' ? attemptsLeft(l) : LIVENESS_MAX_ATTEMPTS,
    roundsLeft,
    ...(l.exhausted ? { exhausted: true } : {}),
    selfieUploadAllowed,
  };
}

/**
 * Why a session cannot be decided successful automatically, or null when its liveness passed:
 * `liveness_failed` (with the check's reason), `liveness_not_performed`, `selfie_not_live`.
 */
export function livenessFailureReason(value: unknown): string | null {
  const l = livenessOfRow(value);
  if (l.outcome === 'passed') return null;
  if (l.outcome === 'not_live') return 'selfie_not_live';
  if (l.outcome === 'failed') return l.reason ? `liveness_failed: ${l.reason}` : 'liveness_failed';
  return 'liveness_not_performed';
}

/** The record's and decision payload's `liveness` block; evidence URLs signed like every media URL. */
export function livenessRecordOf(value: unknown, mediaUrl: (key: string) => string): LivenessRecord {
  const l = livenessOfRow(value);
  const last = l.challenges.filter((c) => c.answered).at(-1) ?? (l.outcome === 'not_performed' ? undefined : l.challenges.at(-1));
  return {
    status: l.outcome,
    method: l.method,
    challenge: last?.actions ?? [],
    // Every try of the session, all rounds: a final pass after nine failures reads 10.
    attempts: (l.earlierAttempts ?? 0) + l.challenges.length,
    reason: l.outcome === 'passed' ? '' : l.reason,
    completedAt: l.completedAt,
    evidence: l.evidence.map((e) => ({ label: e.label, key: e.key, url: mediaUrl(e.key) })),
    checks: l.checks,
    failedAttempts: l.failedAttempts ?? [],
    rounds: roundOf(l),
    maxRounds: l.maxRounds ?? roundOf(l),
  };
}
