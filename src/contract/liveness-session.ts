// The part of the liveness contract the hosted app needs on its first screen (the session's
// liveness block) and to fetch a challenge; the device's answer and the record are in
// liveness.ts, so the first screen's bundle does not carry their schemas.
import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Active liveness: the service issues a random challenge of two different actions; the hosted
 * app asks the person to do them in front of the camera, judges each on face landmarks relative
 * to the person's own neutral pose, and uploads the evidence frames with its verdict. The
 * service stores the evidence, re-checks what it can (the frames must differ: a still photo
 * never passes) and records the outcome. The individual and the company flows use the same check.
 */
export const livenessActionSchema = z.enum(['turn-left', 'turn-right', 'blink']);
export type LivenessAction = z.infer<typeof livenessActionSchema>;

/** Actions per challenge (two different ones out of the three). */
export const LIVENESS_ACTIONS_PER_CHALLENGE = 2;
/** Challenges one capture round may ask for (the first try and two retries). */
export const LIVENESS_MAX_ATTEMPTS = 3;
/** Time the person has for each action, ms: generous, people are slow the first time. */
export const LIVENESS_ACTION_TIMEOUT_MS = 12_000;
/**
 * Capture rounds one session may use by default (a round is LIVENESS_MAX_ATTEMPTS tries; a
 * retake starts a new one). When the last try of the last round fails, the session is `failed`
 * with reason `liveness_attempts_exhausted`. A key may set its own (`livenessMaxRounds`).
 */
export const LIVENESS_MAX_ROUNDS = 3;
/** Bounds of a key's `livenessMaxRounds`. */
export const LIVENESS_ROUNDS_MIN = 1;
export const LIVENESS_ROUNDS_MAX = 10;
/**
 * Screen-light challenge: the screen shows these colours in turn (sRGB hex), each for
 * SCREEN_LIGHT_STEP_MS; the light they throw on the face must follow them. 4 × 400 ms = 1.6 s.
 */
export const SCREEN_LIGHT_PALETTE = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#ff00ff', '#00ffff'] as const;
export const SCREEN_LIGHT_STEPS = 4;
export const SCREEN_LIGHT_STEP_MS = 400;
/** How long an issued challenge can be answered, s. */
export const LIVENESS_CHALLENGE_TTL_SECONDS = 600;
/** Evidence frames per upload (neutral + one or two per action + one per screen-light colour), bounds. */
export const LIVENESS_MAX_FRAMES = 12;
/** Size limit of one evidence frame and of the whole multipart upload, bytes. */
export const LIVENESS_FRAME_MAX_BYTES = 2 * 1024 * 1024;
export const LIVENESS_UPLOAD_MAX_BYTES = 24 * 1024 * 1024;

/**
 * Outcome of the liveness check on a session:
 * - `not_performed`: no liveness result (not done yet, the face models could not run, or the
 *   session was submitted without one);
 * - `passed`: every action was seen and the service's own checks agree;
 * - `failed`: an action was not seen in time after every retry, or the evidence does not hold
 *   (no motion between frames, a face that changed);
 * - `not_live`: the selfie was picked from a file (only where the key allows it): nothing
 *   proves a live person.
 */
export const livenessOutcomeSchema = z.enum(['not_performed', 'passed', 'failed', 'not_live']);
export type LivenessOutcome = z.infer<typeof livenessOutcomeSchema>;

/** `POST …/liveness/challenge` answer. */
export const livenessChallengeSchema = z.object({
  challengeId: z.string(),
  actions: z.array(livenessActionSchema).length(LIVENESS_ACTIONS_PER_CHALLENGE),
  actionTimeoutMs: z.number().int().positive(),
  /** 1-based: which try this challenge is. */
  attempt: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
  expiresAt: isoDateTime,
  /**
   * Added with the screen-light check and evidence binding: the nonce the evidence frames' hash
   * chain starts from (256 random bits, hex), the round (1-based) and the rounds allowed, and
   * the colour sequence to show. Optional so that an answer cached by an older server still reads.
   */
  nonce: z.string().optional(),
  round: z.number().int().min(1).optional(),
  maxRounds: z.number().int().min(1).optional(),
  screenLight: z.object({
    colours: z.array(z.string().regex(/^#[0-9a-f]{6}$/)).min(2).max(8),
    stepMs: z.number().int().positive(),
  }).optional(),
});
export type LivenessChallenge = z.infer<typeof livenessChallengeSchema>;

/** What the hosted session tells the app about liveness. */
export const hostedLivenessSchema = z.object({
  status: livenessOutcomeSchema,
  /** Challenges still available in this capture round. */
  attemptsLeft: z.number().int().min(0),
  /** Added with the cap on tries: capture rounds not started yet (a retake starts one). */
  roundsLeft: z.number().int().min(0).optional(),
  /** Added with the cap on tries: every try is used; the session failed `liveness_attempts_exhausted`. */
  exhausted: z.boolean().optional(),
  /** The key lets the person pick a selfie from a file (the session is then not live). */
  selfieUploadAllowed: z.boolean(),
});
export type HostedLiveness = z.infer<typeof hostedLivenessSchema>;

