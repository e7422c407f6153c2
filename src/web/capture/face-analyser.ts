// Glue between the frame loop, a face detector and the pure guidance rules: keeps the short
// history that the stillness check needs.
import type { FaceDetection } from './face-detector';
import type { FrameAnalyser } from './frame-loop';
import {
  DEFAULT_FACE_GUIDANCE,
  guideFace,
  type FaceGuidanceThresholds,
  type FaceHint,
  type OvalGuide,
} from './face-guidance';

export type DetectFn = (
  canvas: HTMLCanvasElement | OffscreenCanvas,
  timestampMs: number,
) => FaceDetection[] | Promise<FaceDetection[]>;

export interface FaceGuidance {
  hint: FaceHint;
  faces: FaceDetection[];
}

export interface FaceAnalyserOptions {
  detect: DetectFn;
  /** Read on every frame, so a resize or rotation takes effect at once. */
  getOval: () => OvalGuide;
  thresholds?: FaceGuidanceThresholds;
}

export interface FaceAnalyser {
  analyse: FrameAnalyser<FaceGuidance>;
  /** Forget past frames (e.g. after a retake), so stillness is measured afresh. */
  reset(): void;
}

export function createFaceAnalyser(options: FaceAnalyserOptions): FaceAnalyser {
  const thresholds = options.thresholds ?? DEFAULT_FACE_GUIDANCE;
  let previous: FaceDetection[][] = [];
  return {
    async analyse(canvas, timestampMs) {
      const faces = await options.detect(canvas, timestampMs);
      const hint = guideFace({ faces, previous, oval: options.getOval() }, thresholds);
      previous = [...previous, faces].slice(-thresholds.stillFrames);
      return { hint, faces };
    },
    reset() {
      previous = [];
    },
  };
}
