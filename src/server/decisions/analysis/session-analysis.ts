// What the decision pipeline learns from a session's media: pure data, passed from the worker
// thread to the rules. Only the selfie's descriptor comes out (repeat-identity search); the
// others stay in the worker, as distances and poses.
import type { LivenessFrameLabel } from '../../../contract/liveness';
import type { DocInfo } from '../../../contract/document';

export interface FaceSummary {
  faces: number;
  score: number;
  yawDeg: number;
  pitchDeg: number;
  eyeOpenness: number;
}

export interface EvidenceFrameAnalysis {
  label: LivenessFrameLabel;
  face: FaceSummary | null;
  /** Descriptor distance to the selfie's face (null when either has no face). */
  distanceToSelfie: number | null;
}

export interface MrzAnalysis {
  found: boolean;
  /** Which image it was read on. */
  side?: 'front' | 'back';
  format?: 'TD1' | 'TD2' | 'TD3';
  valid?: boolean;
  failedChecks?: string[];
  expired?: boolean;
  /** What the MRZ proved: fields whose own check failed are '' and listed in `withheld`. */
  docInfo?: DocInfo;
  withheld?: string[];
  /** A second, independent read gave the same names (no check digit covers them). */
  nameConfirmed?: boolean;
  nameConfirmation?: string;
}

export interface SessionAnalysis {
  selfie: FaceSummary | null;
  /** The document portrait (front, or the back when only the back carries a face). */
  document: (FaceSummary & { side: 'front' | 'back' }) | null;
  /** Descriptor distance selfie ↔ document portrait (null when a face is missing). */
  faceDistance: number | null;
  evidence: EvidenceFrameAnalysis[];
  mrz: MrzAnalysis;
  /**
   * The selfie's 128-d dlib descriptor (face-engine.ts), stored to find the same face in the
   * organisation's other verifications; null without a selfie face. Optional: older analyses.
   */
  selfieDescriptor?: number[] | null;
  /** Wall time of the analysis in the worker, ms. */
  durationMs: number;
}

/** The media of one session, as bytes, for the worker. */
export interface SessionMedia {
  selfie: Uint8Array | null;
  front: Uint8Array | null;
  back: Uint8Array | null;
  evidence: { label: LivenessFrameLabel; data: Uint8Array }[];
  /** UTC date the document's expiry is judged against (YYYY-MM-DD). */
  today: string;
}
