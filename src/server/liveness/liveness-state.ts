// What the service stores about a session's liveness (verifications.liveness, jsonb), and the
// pure rules over it: issuing challenges within the attempt budget, answering one, the outcome.
import { randomBytes, randomInt } from 'node:crypto';
import { LIVENESS_ACTION_TIMEOUT_MS, LIVENESS_ACTIONS_PER_CHALLENGE, LIVENESS_CHALLENGE_TTL_SECONDS, LIVENESS_MAX_ATTEMPTS, type HostedLiveness, type LivenessAction, type LivenessChallenge, type LivenessOutcome } from '../../contract/liveness-session';
import type { LivenessRecord, LivenessFrameLabel, LivenessResult } from '../../contract/liveness';

export interface IssuedChallenge {
  id: string;
  actions: LivenessAction[];
  attempt: number;
  issuedAt: string;
  expiresAt: string;
  answered: boolean;
}

export interface StoredLiveness {
  outcome: LivenessOutcome;
  method: 'active_challenge' | 'file_upload' | 'customer_frames' | '';
  challenges: IssuedChallenge[];
  reason: string;
  completedAt: string;
  evidence: { label: LivenessFrameLabel; key: string }[];
  checks: { device: 'passed' | 'failed' | ''; server: 'passed' | 'failed' | '' };
}

export const emptyLiveness = (): StoredLiveness => ({
  outcome: 'not_performed', method: '', challenges: [], reason: '', completedAt: '', evidence: [], checks: { device: '', server: '' },
});

export function livenessOfRow(value: unknown): StoredLiveness {
  return value && typeof value === 'object' ? { ...emptyLiveness(), ...(value as Partial<StoredLiveness>) } : emptyLiveness();
}

export const attemptsLeft = (l: StoredLiveness) => Math.max(0, LIVENESS_MAX_ATTEMPTS - l.challenges.length);

const ALL: LivenessAction[] = ['turn-left', 'turn-right', 'blink'];

/** Two different actions in a random order, from the OS's randomness. */
export function randomActions(): LivenessAction[] {
  const pool = [...ALL];
  const picked: LivenessAction[] = [];
  while (picked.length < LIVENESS_ACTIONS_PER_CHALLENGE) picked.push(pool.splice(randomInt(pool.length), 1)[0]!);
  return picked;
}

export const toChallenge = (c: IssuedChallenge): LivenessChallenge => ({
  challengeId: c.id, actions: c.actions, actionTimeoutMs: LIVENESS_ACTION_TIMEOUT_MS, attempt: c.attempt,
  maxAttempts: LIVENESS_MAX_ATTEMPTS, expiresAt: c.expiresAt,
});

/**
 * A new challenge for each request (a try the device judged failed is never uploaded: asking
 * again is how it is counted), or null when every try is used. Once the tries are used up, the
 * last challenge is served again while it is open and unanswered: a challenge answer lost to the
 * network must not leave the person stuck. A final outcome (passed, failed, not live) starts a
 * new round: a retake.
 */
export function issueChallenge(l: StoredLiveness, now: Date): { state: StoredLiveness; challenge: IssuedChallenge } | null {
  const round = l.outcome === 'not_performed' ? l : { ...emptyLiveness() };
  const last = round.challenges.at(-1);
  if (attemptsLeft(round) === 0) {
    return last && !last.answered && new Date(last.expiresAt) > now ? { state: round, challenge: last } : null;
  }
  const challenge: IssuedChallenge = {
    id: randomBytes(16).toString('hex'),
    actions: randomActions(),
    attempt: round.challenges.length + 1,
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIVENESS_CHALLENGE_TTL_SECONDS * 1000).toISOString(),
    answered: false,
  };
  return { state: { ...round, challenges: [...round.challenges, challenge] }, challenge };
}

export type AnswerCheck =
  | { ok: true; challenge: IssuedChallenge }
  | { ok: false; code: 'liveness_challenge_invalid' | 'liveness_challenge_used' };

/** The challenge `result` answers must be this session's, unexpired and not answered before. */
export function checkAnswer(l: StoredLiveness, result: LivenessResult, now: Date): AnswerCheck {
  const challenge = l.challenges.find((c) => c.id === result.challengeId);
  if (!challenge || l.outcome !== 'not_performed') {
    return { ok: false, code: challenge ? 'liveness_challenge_used' : 'liveness_challenge_invalid' };
  }
  if (challenge.answered) return { ok: false, code: 'liveness_challenge_used' };
  if (new Date(challenge.expiresAt) <= now) return { ok: false, code: 'liveness_challenge_invalid' };
  const asked = challenge.actions.join(',');
  const answered = result.actions.map((a) => a.action).join(',');
  if (result.verdict === 'passed' && asked !== answered) return { ok: false, code: 'liveness_challenge_invalid' };
  return { ok: true, challenge };
}

/**
 * The state after an answer. Passed by the device and by the server's evidence check → passed;
 * a device pass the evidence contradicts → failed (no_motion); a device failure → failed on the
 * last try, otherwise the round goes on (the person tries again).
 */
export function answer(
  l: StoredLiveness,
  challenge: IssuedChallenge,
  result: LivenessResult,
  serverPassed: boolean,
  evidence: StoredLiveness['evidence'],
  now: Date,
): StoredLiveness {
  const challenges = l.challenges.map((c) => (c.id === challenge.id ? { ...c, answered: true } : c));
  const base = { ...l, challenges, method: 'active_challenge' as const, evidence, checks: { device: result.verdict, server: serverPassed ? 'passed' as const : 'failed' as const } };
  if (result.verdict === 'passed') {
    return serverPassed
      ? { ...base, outcome: 'passed', reason: '', completedAt: now.toISOString() }
      : { ...base, outcome: 'failed', reason: 'no_motion', completedAt: now.toISOString() };
  }
  const reason = (result.failure ?? 'timeout').replace(/-/g, '_');
  if (attemptsLeft({ ...base }) > 0) return { ...base, outcome: 'not_performed', reason };
  return { ...base, outcome: 'failed', reason, completedAt: now.toISOString() };
}

/** A selfie picked from a file (only where the key allows it): nothing proves a live person. */
export const pickedSelfie = (now: Date): StoredLiveness => ({
  ...emptyLiveness(), outcome: 'not_live', method: 'file_upload', reason: 'selfie_not_live', completedAt: now.toISOString(),
});

/** What the hosted app is told (HostedSession.liveness). */
export function hostedLivenessOf(value: unknown, selfieUploadAllowed: boolean): HostedLiveness {
  const l = livenessOfRow(value);
  return { status: l.outcome, attemptsLeft: l.outcome === 'not_performed' ? attemptsLeft(l) : LIVENESS_MAX_ATTEMPTS, selfieUploadAllowed };
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
    attempts: l.challenges.length,
    reason: l.outcome === 'passed' ? '' : l.reason,
    completedAt: l.completedAt,
    evidence: l.evidence.map((e) => ({ label: e.label, key: e.key, url: mediaUrl(e.key) })),
    checks: l.checks,
  };
}
