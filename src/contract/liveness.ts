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
  // Added with the screen-light check: the face's colour did not follow the screen's.
  'screen-light-not-followed',
]);
export type LivenessFailure = z.infer<typeof livenessFailureSchema>;

/** Names of the evidence frames, in the multipart field `frames` (one file each, same order). */
export const livenessFrameLabelSchema = z.enum(['neutral', 'turn-left', 'turn-right', 'blink', 'return', 'light']);
export type LivenessFrameLabel = z.infer<typeof livenessFrameLabelSchema>;

/** Result of the screen-light check (see src/vision/liveness/screen-light-judge.ts). */
export const screenLightResultSchema = z.enum(['passed', 'failed', 'inconclusive']);
export type ScreenLightResult = z.infer<typeof screenLightResultSchema>;

/** Camera integrity signals the browser can see (src/web/capture/camera-integrity.ts). */
export const cameraSignalSchema = z.enum([
  'virtual_camera_label', 'no_device_label', 'canvas_capture', 'getusermedia_replaced',
  'track_settings_unusual', 'frame_timing_regular',
  // Set by the service: the answer carried no integrity report at all (not the hosted app).
  'no_integrity_report',
]);
export type CameraSignal = z.infer<typeof cameraSignalSchema>;

const rgb = z.tuple([z.number().min(0).max(255), z.number().min(0).max(255), z.number().min(0).max(255)]);

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
  /**
   * Added with the screen-light check: the face region (share of the frame, 0..1) whose mean
   * colour was read at each colour step (one `light` evidence frame per step, same order).
   */
  screenLight: z.object({
    result: screenLightResultSchema,
    region: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().min(0.05).max(1), height: z.number().min(0.05).max(1) }),
    samples: z.array(z.object({ colour: z.string().regex(/^#[0-9a-f]{6}$/), atMs: z.number().min(0).max(600_000), rgb })).max(8),
  }).optional(),
  /** Added with camera integrity: what the browser saw of its camera. */
  integrity: z.object({ signals: z.array(cameraSignalSchema).max(10) }).optional(),
  /**
   * SHA-256 hash chain over the evidence frames as uploaded, from the challenge's nonce
   * (src/vision/liveness/evidence-chain.ts), hex. Required when the challenge had a nonce.
   */
  chain: z.string().regex(/^[0-9a-f]{64}$/).optional(),
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
    /** Added: the screen-light check of the last answered try (absent before one ran). */
    screenLight: z.object({
      result: screenLightResultSchema,
      device: screenLightResultSchema,
      server: screenLightResultSchema,
      /** How far the face's colour moved (chromaticity, RMS) and how it followed the screen (−1..1). */
      amplitude: z.number(),
      correlation: z.number(),
    }).optional(),
    /** Added: camera integrity signals of the last answered try (a risk signal, not a block). */
    cameraIntegrity: z.object({ suspected: z.boolean(), signals: z.array(cameraSignalSchema) }).optional(),
  }),
  /** Added with the cap on tries: every failed try of the session, oldest first, with its reason. */
  failedAttempts: z.array(z.object({ at: isoDateTime, reason: z.string(), round: z.number().int(), attempt: z.number().int() })).optional(),
  /** Added: capture rounds used and allowed (a round is up to three tries). */
  rounds: z.number().int().min(0).optional(),
  maxRounds: z.number().int().min(0).optional(),
});
export type LivenessRecord = z.infer<typeof livenessRecordSchema>;
