// Turns face detections into the ONE hint the selfie screen shows. Pure: no DOM, no clock.
import type { OvalGuide } from '../../vision/face/face-guidance';
import type { FaceBox, FaceDetection } from './face-boxes';

export type FaceHint =
  | 'no-face'
  | 'multiple-faces'
  | 'too-far'
  | 'too-close'
  | 'off-centre'
  | 'hold-still'
  | 'ready';

// The on-screen oval, normalised to the analysed frame like FaceBox: one shape for both engines.
export type { OvalGuide } from '../../vision/face/face-guidance';

export interface FaceGuidanceThresholds {
  /**
   * Face box width / oval width. BlazeFace boxes span cheek to cheek and brow to chin, about
   * 0.75 of a head's width, so a head filling the oval reads ~0.75.
   */
  minWidthRatio: number;
  maxWidthRatio: number;
  /** |face centre - oval centre| in units of the oval's width (x) and height (y). */
  maxOffsetX: number;
  /** Looser than x: the box sits lower than the head's centre (it skips hair and forehead). */
  maxOffsetY: number;
  /** Previous frames (each with exactly one face) needed before 'ready'. */
  stillFrames: number;
  /** Max shift of the face centre from the current one over those frames, frame-normalised. */
  maxMove: number;
  /** Max relative change of face width over those frames (0.08 = 8 %). */
  maxSizeChange: number;
}

export const DEFAULT_FACE_GUIDANCE: FaceGuidanceThresholds = {
  minWidthRatio: 0.5,
  maxWidthRatio: 0.95,
  maxOffsetX: 0.15,
  maxOffsetY: 0.2,
  // At the loop's 15 fps: ~200 ms of stillness.
  stillFrames: 3,
  // Detector jitter on a still face is ~0.005; a hand-held phone drifts ~0.01 per frame.
  maxMove: 0.03,
  maxSizeChange: 0.08,
};

export interface FaceGuidanceInput {
  /** Detections of the current frame. */
  faces: readonly FaceDetection[];
  /** Detections of previous frames, oldest first (the current frame not included). */
  previous: ReadonlyArray<readonly FaceDetection[]>;
  oval: OvalGuide;
}

export function boxCentre(box: FaceBox): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

function isStill(current: FaceBox, previous: FaceGuidanceInput['previous'], t: FaceGuidanceThresholds): boolean {
  if (previous.length < t.stillFrames) return false;
  const c = boxCentre(current);
  for (const frame of previous.slice(previous.length - t.stillFrames)) {
    if (frame.length !== 1) return false;
    const box = frame[0]!.box;
    const p = boxCentre(box);
    if (Math.hypot(p.x - c.x, p.y - c.y) > t.maxMove) return false;
    if (Math.abs(box.width - current.width) / current.width > t.maxSizeChange) return false;
  }
  return true;
}

/** Checks in the order a person can act on them: find a face, get the distance, centre, wait. */
export function guideFace(
  input: FaceGuidanceInput,
  thresholds: FaceGuidanceThresholds = DEFAULT_FACE_GUIDANCE,
): FaceHint {
  const { faces, previous, oval } = input;
  if (faces.length === 0) return 'no-face';
  if (faces.length > 1) return 'multiple-faces';
  const box = faces[0]!.box;
  const widthRatio = box.width / oval.width;
  if (widthRatio < thresholds.minWidthRatio) return 'too-far';
  if (widthRatio > thresholds.maxWidthRatio) return 'too-close';
  const c = boxCentre(box);
  if (
    Math.abs(c.x - oval.cx) / oval.width > thresholds.maxOffsetX ||
    Math.abs(c.y - oval.cy) / oval.height > thresholds.maxOffsetY
  ) {
    return 'off-centre';
  }
  if (!isStill(box, previous, thresholds)) return 'hold-still';
  return 'ready';
}

/** The shutter (and auto-capture) is allowed only on 'ready'. */
export function canCapture(hint: FaceHint): boolean {
  return hint === 'ready';
}
