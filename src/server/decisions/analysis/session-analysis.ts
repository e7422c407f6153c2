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

/**
 * The PDF417 of a US or Canadian licence or ID card (AAMVA), read again on the server from the
 * stored back. Absent from analyses made before it, and where no barcode was looked for.
 */
export interface BarcodeAnalysis {
  /** The chosen document carries one: a driving licence, or a US or Canadian ID card. */
  expected: boolean;
  /** A PDF417 was decoded on the back. */
  decoded: boolean;
  /** How it was decoded (whole picture, levelled card, a scale or tilt), and what the search cost. */
  via?: string;
  tries: number;
  ms: number;
  /** The payload as AAMVA: its header and what it proved, or why it is no AAMVA payload. */
  aamva?:
    | { ok: true; version: number; iin: string; jurisdiction: string; country: 'USA' | 'CAN' | null; subfile: 'DL' | 'ID'; truncated: string[]; problems: string[] }
    | { ok: false; error: string; detail: string };
  /** docInfo from the barcode (the AAMVA fields, `issuingState` USA or CAN). */
  docInfo?: DocInfo;
  /** Address and jurisdiction, for the specialist (the case view). */
  address?: { street: string; city: string; region: string; postalCode: string };
  expired?: boolean;
  /** The front's printed fields against the barcode's (barcode/licence-front.ts); absent without a front read. */
  front?: { fields: Record<string, 'agrees' | 'differs' | 'unread'>; readable: boolean };
}

export interface SessionAnalysis {
  selfie: FaceSummary | null;
  /** The document portrait (front, or the back when only the back carries a face). */
  document: (FaceSummary & { side: 'front' | 'back' }) | null;
  /** Descriptor distance selfie ↔ document portrait (null when a face is missing). */
  faceDistance: number | null;
  evidence: EvidenceFrameAnalysis[];
  mrz: MrzAnalysis;
  barcode?: BarcodeAnalysis;
  /**
   * The labelled fields printed on the front (viz/viz-fields.ts), read where neither an MRZ nor a
   * barcode gave the data: a specialist's prefill, never proof.
   */
  visualZone?: { docInfo: DocInfo; found: string[] };
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
  /** The document the person chose (type, issuing country alpha-3): which data a back carries. */
  document?: { type: string | null; country: string | null };
}
