// What the service stores about a session's liveness (verifications.liveness, jsonb), and the
// pure rules over it: issuing challenges within the attempt budget (tries per round, rounds per
// session), answering one, the trace of failed tries. The record's view is liveness-record.ts.
import { randomBytes, randomInt } from 'node:crypto';
import {
  LIVENESS_ACTION_TIMEOUT_MS, LIVENESS_ACTIONS_PER_CHALLENGE, LIVENESS_CHALLENGE_TTL_SECONDS, LIVENESS_MAX_ATTEMPTS, LIVENESS_MAX_ROUNDS,
  SCREEN_LIGHT_PALETTE, SCREEN_LIGHT_STEP_MS, SCREEN_LIGHT_STEPS, type LivenessAction, type LivenessChallenge, type LivenessOutcome,
} from '../../contract/liveness-session';
import type { CameraSignal, LivenessFrameLabel, LivenessResult, ScreenLightResult } from '../../contract/liveness';
import { colourSequence } from '../../vision/liveness/screen-light-judge';

export interface IssuedChallenge {
  id: string;
  actions: LivenessAction[];
  attempt: number;
  issuedAt: string;
  expiresAt: string;
  answered: boolean;
  /** The evidence chain's start (absent on challenges issued before it existed). */
  nonce?: string;
  /** The screen-light colours asked for ('#rrggbb'). */
  colours?: string[];
}

export interface ScreenLightCheck {
  result: ScreenLightResult;
  device: ScreenLightResult;
  server: ScreenLightResult;
  amplitude: number;
  correlation: number;
}

export interface FailedAttempt {
  at: string;
  reason: string;
  round: number;
  attempt: number;
}

export interface StoredLiveness {
  outcome: LivenessOutcome;
  method: 'active_challenge' | 'file_upload' | 'customer_frames' | '';
  /** This round's challenges (a retake starts a new round). */
  challenges: IssuedChallenge[];
  reason: string;
  completedAt: string;
  evidence: { label: LivenessFrameLabel; key: string }[];
  checks: {
    device: 'passed' | 'failed' | '';
    server: 'passed' | 'failed' | '';
    screenLight?: ScreenLightCheck;
    cameraIntegrity?: { suspected: boolean; signals: CameraSignal[] };
  };
  /** Rounds started in this session (0: none yet); stored from the first challenge on. */
  round?: number;
  /** Rounds the key allows, fixed when the session's first challenge is issued. */
  maxRounds?: number;
  /** Tries of the earlier rounds (the record's `attempts` counts every try of the session). */
  earlierAttempts?: number;
  failedAttempts?: FailedAttempt[];
  /** Every try of every round is used: the session is failed `liveness_attempts_exhausted`. */
  exhausted?: boolean;
}

export const EXHAUSTED_REASON = 'liveness_attempts_exhausted';

export const emptyLiveness = (): StoredLiveness => ({
  outcome: 'not_performed', method: '', challenges: [], reason: '', completedAt: '', evidence: [], checks: { device: '', server: '' },
});

export function livenessOfRow(value: unknown): StoredLiveness {
  return value && typeof value === 'object' ? { ...emptyLiveness(), ...(value as Partial<StoredLiveness>) } : emptyLiveness();
}

export const attemptsLeft = (l: StoredLiveness) => Math.max(0, LIVENESS_MAX_ATTEMPTS - l.challenges.length);
/** Rounds started (a state from before rounds were counted has one if it has any challenge). */
export const roundOf = (l: StoredLiveness) => l.round ?? (l.challenges.length ? 1 : 0);
export const maxRoundsOf = (l: StoredLiveness, keyRounds?: number | null) => l.maxRounds ?? keyRounds ?? LIVENESS_MAX_ROUNDS;

const ALL: LivenessAction[] = ['turn-left', 'turn-right', 'blink'];

/** Two different actions in a random order, from the OS's randomness. */
export function randomActions(): LivenessAction[] {
  const pool = [...ALL];
  const picked: LivenessAction[] = [];
  while (picked.length < LIVENESS_ACTIONS_PER_CHALLENGE) picked.push(pool.splice(randomInt(pool.length), 1)[0]!);
  return picked;
}

export const toChallenge = (c: IssuedChallenge, l?: StoredLiveness): LivenessChallenge => ({
  challengeId: c.id, actions: c.actions, actionTimeoutMs: LIVENESS_ACTION_TIMEOUT_MS, attempt: c.attempt,
  maxAttempts: LIVENESS_MAX_ATTEMPTS, expiresAt: c.expiresAt,
  ...(c.nonce ? { nonce: c.nonce } : {}),
  ...(l ? { round: Math.max(1, roundOf(l)), maxRounds: maxRoundsOf(l) } : {}),
  ...(c.colours ? { screenLight: { colours: c.colours, stepMs: SCREEN_LIGHT_STEP_MS } } : {}),
});

const failure = (at: Date, reason: string, round: number, attempt: number): FailedAttempt => ({ at: at.toISOString(), reason, round, attempt });

/**
 * A new challenge for each request, or null when every try is used. A try the device judged
 * failed is not uploaded: the next request is how it is counted, and the unanswered challenge
 * goes into the trace with the reason the app gives (`previousFailure`) or `not_completed`.
 * Once the round's tries are issued, the last challenge is served again while it is open and
 * unanswered (an answer lost to the network must not leave the person stuck). A final outcome
 * (passed, failed, not live) starts a new round (a retake) while the key's rounds last.
 */
export function issueChallenge(l: StoredLiveness, now: Date, keyRounds?: number | null, previousFailure?: string): { state: StoredLiveness; challenge: IssuedChallenge } | null {
  const maxRounds = maxRoundsOf(l, keyRounds);
  if (l.exhausted) return null;
  let round: StoredLiveness;
  if (l.outcome === 'not_performed') {
    round = { ...l, round: Math.max(1, roundOf(l)), maxRounds };
  } else {
    if (roundOf(l) >= maxRounds) return null;
    round = {
      ...emptyLiveness(), round: roundOf(l) + 1, maxRounds, earlierAttempts: (l.earlierAttempts ?? 0) + l.challenges.length,
      failedAttempts: l.failedAttempts ?? [],
    };
  }
  const last = round.challenges.at(-1);
  if (attemptsLeft(round) === 0) {
    return last && !last.answered && new Date(last.expiresAt) > now ? { state: round, challenge: last } : null;
  }
  let challenges = round.challenges;
  let failedAttempts = round.failedAttempts ?? [];
  if (last && !last.answered) {
    challenges = challenges.map((c) => (c === last ? { ...c, answered: true } : c));
    failedAttempts = [...failedAttempts, failure(now, (previousFailure ?? 'not_completed').replace(/-/g, '_'), round.round!, last.attempt)];
  }
  const challenge: IssuedChallenge = {
    id: randomBytes(16).toString('hex'),
    actions: randomActions(),
    attempt: challenges.length + 1,
    issuedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIVENESS_CHALLENGE_TTL_SECONDS * 1000).toISOString(),
    answered: false,
    nonce: randomBytes(32).toString('hex'),
    colours: colourSequence(SCREEN_LIGHT_PALETTE, SCREEN_LIGHT_STEPS, randomInt),
  };
  return { state: { ...round, challenges: [...challenges, challenge], failedAttempts }, challenge };
}

/**
 * Whether a refused challenge request means the session's tries are all used: no challenge is
 * open, and the last round (the key's rounds) has no try left or ended without a pass.
 */
export function triesExhausted(l: StoredLiveness, now: Date, keyRounds?: number | null): boolean {
  if (l.exhausted) return true;
  if (issueChallenge(l, now, keyRounds)) return false;
  return roundOf(l) >= maxRoundsOf(l, keyRounds) && l.outcome !== 'passed' && l.outcome !== 'not_live';
}

/** The state once the tries are all used: failed, with the trace kept. */
export function exhaust(l: StoredLiveness, now: Date): StoredLiveness {
  const open = l.challenges.filter((c) => !c.answered);
  const trace = [...(l.failedAttempts ?? []), ...open.map((c) => failure(now, 'not_completed', roundOf(l), c.attempt))];
  return {
    ...l, challenges: l.challenges.map((c) => ({ ...c, answered: true })), failedAttempts: trace, exhausted: true,
    outcome: 'failed', reason: EXHAUSTED_REASON, completedAt: l.completedAt || now.toISOString(),
  };
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

/** The service's own findings on an answer's evidence (evidence-verdict.ts). */
export interface ServerFindings {
  motionPassed: boolean;
  screenLight?: ScreenLightCheck;
  cameraIntegrity?: { suspected: boolean; signals: CameraSignal[] };
}

/**
 * The state after an answer. Passed by the device and by the server's evidence checks → passed
 * (a screen light that could not be measured is kept as `inconclusive` for the decision);
 * a device pass the evidence contradicts → failed (`no_motion`, `screen_light_not_followed`);
 * a device failure → failed on the round's last try, otherwise the round goes on. Every failure
 * joins the trace; a failure that ends the last round exhausts the session's tries.
 */
export function answer(
  l: StoredLiveness,
  challenge: IssuedChallenge,
  result: LivenessResult,
  findings: ServerFindings,
  evidence: StoredLiveness['evidence'],
  now: Date,
): StoredLiveness {
  const challenges = l.challenges.map((c) => (c.id === challenge.id ? { ...c, answered: true } : c));
  const serverPassed = findings.motionPassed && findings.screenLight?.result !== 'failed';
  const checks: StoredLiveness['checks'] = {
    device: result.verdict, server: serverPassed ? 'passed' : 'failed',
    ...(findings.screenLight ? { screenLight: findings.screenLight } : {}),
    ...(findings.cameraIntegrity ? { cameraIntegrity: findings.cameraIntegrity } : {}),
  };
  const base: StoredLiveness = { ...l, round: Math.max(1, roundOf(l)), challenges, method: 'active_challenge', evidence, checks };
  const failed = (reason: string, final: boolean): StoredLiveness => {
    const next: StoredLiveness = { ...base, reason, failedAttempts: [...(l.failedAttempts ?? []), failure(now, reason, roundOf(base), challenge.attempt)] };
    if (!final) return { ...next, outcome: 'not_performed' };
    const ended: StoredLiveness = { ...next, outcome: 'failed', completedAt: now.toISOString() };
    return roundOf(ended) >= maxRoundsOf(ended) ? exhaust(ended, now) : ended;
  };
  if (result.verdict === 'passed') {
    if (!findings.motionPassed) return failed('no_motion', true);
    if (findings.screenLight?.result === 'failed') return failed('screen_light_not_followed', true);
    return { ...base, outcome: 'passed', reason: '', completedAt: now.toISOString() };
  }
  return failed((result.failure ?? 'timeout').replace(/-/g, '_'), attemptsLeft(base) === 0);
}

/**
 * A selfie picked from a file (only where the key allows it): nothing proves a live person. The
 * trace of earlier failed tries and the rounds used are kept.
 */
export const pickedSelfie = (now: Date, before: StoredLiveness = emptyLiveness()): StoredLiveness => ({
  ...emptyLiveness(), outcome: 'not_live', method: 'file_upload', reason: 'selfie_not_live', completedAt: now.toISOString(),
  ...(before.failedAttempts?.length ? { failedAttempts: before.failedAttempts } : {}),
  ...(roundOf(before) ? { round: roundOf(before), maxRounds: maxRoundsOf(before), earlierAttempts: (before.earlierAttempts ?? 0) + before.challenges.length } : {}),
});
