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
/** How long an issued challenge can be answered, s. */
export const LIVENESS_CHALLENGE_TTL_SECONDS = 600;
/** Evidence frames per upload (neutral + one or two per action), bounds. */
export const LIVENESS_MAX_FRAMES = 8;
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
});
export type LivenessChallenge = z.infer<typeof livenessChallengeSchema>;

/** Why the browser's judge refused a try. */
export const livenessFailureSchema = z.enum([
  'timeout', 'no-face', 'multiple-faces', 'face-changed', 'wrong-direction', 'models-unavailable',
]);
export type LivenessFailure = z.infer<typeof livenessFailureSchema>;

/** Names of the evidence frames, in the multipart field `frames` (one file each, same order). */
export const livenessFrameLabelSchema = z.enum(['neutral', 'turn-left', 'turn-right', 'blink', 'return']);
export type LivenessFrameLabel = z.infer<typeof livenessFrameLabelSchema>;

/**
 * The browser's account of one try, sent as the multipart field `result` (JSON) with the
 * frames. Times are ms since the challenge started on the device.
 */
export const livenessResultSchema = z.object({
  challengeId: z.string().min(1).max(200),
  verdict: z.enum(['passed', 'failed']),
  failure: livenessFailureSchema.optional(),
  actions: z.array(z.object({
    action: livenessActionSchema,
    passed: z.boolean(),
    startedAtMs: z.number().min(0).max(600_000),
    completedAtMs: z.number().min(0).max(600_000).nullable(),
    /**
     * The strongest movement seen, relative to the neutral pose: yaw change in degrees (signed,
     * positive = the person's left) for turns; the lowest eye openness as a share of the
     * neutral one (0..1+) for a blink.
     */
    peak: z.number().min(-180).max(180),
  })).min(1).max(LIVENESS_ACTIONS_PER_CHALLENGE),
  /** The neutral pose the actions were judged against. */
  neutral: z.object({
    yawDeg: z.number().min(-180).max(180),
    pitchDeg: z.number().min(-180).max(180),
    eyeOpenness: z.number().min(0).max(10),
  }),
  frames: z.array(z.object({ label: livenessFrameLabelSchema, atMs: z.number().min(0).max(600_000) }))
    .min(2).max(LIVENESS_MAX_FRAMES),
  /** Frames analysed during the try (how dense the evidence was). */
  framesAnalysed: z.number().int().min(0).max(100_000),
});
export type LivenessResult = z.infer<typeof livenessResultSchema>;

/** What the hosted session tells the app about liveness. */
export const hostedLivenessSchema = z.object({
  status: livenessOutcomeSchema,
  /** Challenges still available in this capture round. */
  attemptsLeft: z.number().int().min(0),
  /** The key lets the person pick a selfie from a file (the session is then not live). */
  selfieUploadAllowed: z.boolean(),
});
export type HostedLiveness = z.infer<typeof hostedLivenessSchema>;

/**
 * The `liveness` block of the individual record and the decision payload (additive, beside
 * `selfie`). `evidence` URLs are signed like every media URL.
 */
export const livenessRecordSchema = z.object({
  status: livenessOutcomeSchema,
  /** `active_challenge` for the camera check, `file_upload` for a picked selfie, '' when none. */
  method: z.enum(['active_challenge', 'file_upload', '']),
  challenge: z.array(livenessActionSchema),
  attempts: z.number().int().min(0),
  /** Why it did not pass ('' when passed or not performed). */
  reason: z.string(),
  completedAt: z.union([isoDateTime, z.literal('')]),
  evidence: z.array(z.object({ label: livenessFrameLabelSchema, key: z.string(), url: z.string() })),
  checks: z.object({
    /** What the browser's judge said. */
    device: z.enum(['passed', 'failed', '']),
    /** The service's own check of the evidence (frames differ, enough of them). */
    server: z.enum(['passed', 'failed', '']),
  }),
});
export type LivenessRecord = z.infer<typeof livenessRecordSchema>;
