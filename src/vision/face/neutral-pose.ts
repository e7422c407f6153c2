// The person's own neutral pose, which every liveness action is judged against. Pure.
import type { FaceMeasures } from './face-measures';
import { signatureDistance } from './face-measures';

export interface NeutralPose {
  yawDeg: number;
  pitchDeg: number;
  /** Mean eye aspect ratio with the eyes open. */
  eyeOpenness: number;
  /** Face box height / width (FaceMeasures.aspect). */
  faceAspect: number;
  /** Identity signature (see face-measures.ts). */
  signature: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median of each measure over frames of one face (a blink or a twitch in one frame is ignored). */
export function neutralPoseOf(faces: readonly FaceMeasures[]): NeutralPose | null {
  if (faces.length === 0) return null;
  const length = Math.min(...faces.map((f) => f.signature.length));
  return {
    yawDeg: median(faces.map((f) => f.yawDeg)),
    pitchDeg: median(faces.map((f) => f.pitchDeg)),
    eyeOpenness: median(faces.map((f) => f.eyeOpenness)),
    faceAspect: median(faces.map((f) => f.aspect)),
    signature: Array.from({ length }, (_, i) => median(faces.map((f) => f.signature[i]!))),
  };
}

export interface IdentityThresholds {
  /** Mean relative signature difference that means another face (see the fixture tests). */
  maxDistance: number;
  /** Frames averaged before comparing: one frame's landmarks are too noisy. */
  frames: number;
  /** Only frames this close to the neutral yaw and pitch count: the ratios drift with pose. */
  maxPoseDeg: number;
}

/**
 * Watches for a different face than the neutral one. Recorded sequences of this model: the same
 * face within ±8° of its neutral pose stays within ~0.035 of its neutral signature (moved, tilted,
 * zoomed, blinking); two different people's frontal signatures differ by ~0.05–0.06. The margin
 * is thin: this catches a swap to a clearly different face, not a look-alike.
 */
export function createIdentityWatch(neutral: NeutralPose, t: IdentityThresholds) {
  let recent: number[][] = [];
  return {
    /** True once the averaged recent near-neutral signatures are too far from the neutral one. */
    changed(face: FaceMeasures): boolean {
      if (Math.abs(face.yawDeg - neutral.yawDeg) > t.maxPoseDeg || Math.abs(face.pitchDeg - neutral.pitchDeg) > t.maxPoseDeg) {
        return false;
      }
      recent = [...recent, face.signature].slice(-t.frames);
      if (recent.length < t.frames) return false;
      const mean = neutral.signature.map((_, i) => recent.reduce((s, sig) => s + (sig[i] ?? 0), 0) / recent.length);
      return signatureDistance(mean, neutral.signature) > t.maxDistance;
    },
  };
}
