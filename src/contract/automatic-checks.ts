// Scores and reasons of the service's automatic checks of a live session (face match, liveness
// re-check, document MRZ), attached to the session for the specialist who reviews it.
import { z } from 'zod';
import { raisedSignalSchema } from './risk-rules';
import { amlChecksSchema } from './screening';

export const livenessRecheckSchema = z.object({
  verdict: z.enum(['passed', 'no_motion', 'other_person', 'uncertain']),
  /** Largest yaw change from the neutral evidence frame, degrees (null without turn frames). */
  turnDeg: z.number().nullable(),
  /** Lowest eye openness over blink frames relative to the neutral frame (null without). */
  blinkRatio: z.number().nullable(),
  /** Largest face-descriptor distance of an evidence frame to the selfie. */
  maxDistance: z.number().nullable(),
  notes: z.array(z.string()),
});

export const automaticChecksSchema = z.object({
  version: z.literal(1),
  outcome: z.enum(['successful', 'failed', 'review']),
  /** The failure reasons (failed), or why a specialist must look (review); empty when successful. */
  reasons: z.array(z.string()),
  faceMatch: z.object({
    /** Face-descriptor distance selfie ↔ document portrait (lower = more alike); null when a face is missing. */
    distance: z.number().nullable(),
    matchMax: z.number(),
    mismatchMin: z.number(),
    selfieFaces: z.number().int(),
    documentFaces: z.number().int(),
    documentSide: z.string(),
  }).optional(),
  liveness: z.object({
    device: z.string(),
    server: livenessRecheckSchema,
    /** Added with the screen-light check: its result (browser and service combined) and figures. */
    screenLight: z.object({ result: z.enum(['passed', 'failed', 'inconclusive']), amplitude: z.number(), correlation: z.number() }).optional(),
    /** Added with camera integrity: what the browser saw of its camera (a risk signal, not a block). */
    cameraIntegrity: z.object({ suspected: z.boolean(), signals: z.array(z.string()) }).optional(),
    /** Added with the cap on tries: every failed try of the session, with its reason. */
    failedAttempts: z.array(z.object({ at: z.string(), reason: z.string(), round: z.number().int(), attempt: z.number().int() })).optional(),
  }).optional(),
  document: z.object({
    mrz: z.enum(['valid', 'invalid', 'unreadable']),
    format: z.string(),
    failedChecks: z.array(z.string()),
    /** docInfo fields left empty because a check of theirs failed (the others were kept). */
    withheldFields: z.array(z.string()).optional(),
    expired: z.boolean().nullable(),
    side: z.string(),
    /**
     * No check digit covers names: true when the names printed in the visual zone (read by another
     * OCR model) hold every MRZ name word, or, where the visual zone cannot be read, the MRZ read
     * by a second OCR engine, or another read of the MRZ prepared differently, gave the same names
     * (and issuing state) from sharp enough pixels. A session is never approved without it.
     */
    nameConfirmed: z.boolean().optional(),
    /**
     * How: `visual_zone_agrees`, `visual_zone_disagrees` (a printed name differs by a letter or two:
     * one of the reads is wrong), `other_engine_agrees`, `other_engine_disagrees` (the MRZ read by a
     * second OCR engine), `second_read_agrees`, `second_read_disagrees`, `second_read_unreadable`,
     * `names_malformed`, `resolution_too_low` (too little detail a character for two reads to be
     * independent), `no_mrz`; for a licence's barcode, `front_agrees` (names and date of birth
     * printed on the front as the barcode holds them), `front_differs`, `front_unread`.
     */
    nameConfirmation: z.string().optional(),
    /**
     * Added with licences: where docInfo came from (`mrz`, `barcode`, `visual_zone`: the front's
     * labelled print only, a prefill that never approves; `none`), when a barcode was looked for
     * or the visual zone read.
     */
    source: z.enum(['mrz', 'barcode', 'visual_zone', 'none']).optional(),
    /** Added with the visual zone's fields: which ones were read from the print (never proof). */
    visualZoneFields: z.array(z.string()).optional(),
    /**
     * Added with licences: the back's PDF417 as the server read it again. `payload`: `aamva`,
     * `malformed` (decoded, but no AAMVA data: `error`, `detail`) or `none` (no barcode decoded).
     * `front`: each field the front prints against the barcode (`agrees`, `differs`, `unread`).
     */
    barcode: z.object({
      expected: z.boolean(),
      decoded: z.boolean(),
      payload: z.enum(['aamva', 'malformed', 'none']),
      error: z.string().optional(),
      detail: z.string().optional(),
      version: z.number().int().optional(),
      iin: z.string().optional(),
      jurisdiction: z.string().optional(),
      country: z.string().optional(),
      subfile: z.string().optional(),
      truncatedFields: z.array(z.string()).optional(),
      problems: z.array(z.string()).optional(),
      front: z.record(z.string(), z.enum(['agrees', 'differs', 'unread'])).optional(),
      via: z.string(),
      tries: z.number().int(),
      ms: z.number(),
    }).optional(),
  }).optional(),
  /**
   * Risk signals raised on the session (repeat identities, blocklist, liveness and document
   * signals) and the action the key's risk rules took for each (`none` keeps it informative).
   */
  risk: z.object({ signals: z.array(raisedSignalSchema) }).optional(),
  /** Added with screening (issue 28): the lists and versions screened and the hits, each with its score's features. */
  aml: amlChecksSchema.optional(),
  durationMs: z.number().optional(),
});
export type AutomaticChecks = z.infer<typeof automaticChecksSchema>;
export type LivenessRecheckResult = z.infer<typeof livenessRecheckSchema>;
