// The device's answer to a challenge and the record's liveness block (see liveness-session.ts
// for the challenge and the outcome).

import { z } from 'zod';
import { isoDateTime } from './common';
import {
  LIVENESS_ACTIONS_PER_CHALLENGE, LIVENESS_MAX_FRAMES, livenessActionSchema, livenessOutcomeSchema,
} from './liveness-session';

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

/**
 * The `liveness` block of the individual record and the decision payload (additive, beside
 * `selfie`). `evidence` URLs are signed like every media URL.
 */
export const livenessRecordSchema = z.object({
  status: livenessOutcomeSchema,
  /**
   * `active_challenge` for the camera check, `file_upload` for a picked selfie,
   * `customer_frames` for frames a customer's own app captured and uploaded, '' when none.
   */
  method: z.enum(['active_challenge', 'file_upload', 'customer_frames', '']),
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
