// Turns the faces of one frame (plus a few before it) into the ONE hint the selfie screen shows
// while the person gets into place. Pure: no DOM, no clock.
import type { FaceMeasures } from './face-measures';

export type FaceEngineHint =
  | 'no-face'
  | 'multiple-faces'
  | 'too-far'
  | 'too-close'
  | 'off-centre'
  | 'look-straight'
  | 'eyes-closed'
  | 'hold-still'
  | 'ready';

/** The on-screen oval in normalised frame coordinates (centre and full size), already unmirrored. */
export interface OvalGuide {
  cx: number;
  cy: number;
  width: number;
  height: number;
}

export interface FaceGuidanceThresholds {
  /**
   * Face width (cheek to cheek at ear level) / oval width. The oval is drawn for a whole head,
   * a little wider than the face measured this way: a face filling the oval reads ~0.8–1.0.
   */
  minWidthRatio: number;
  maxWidthRatio: number;
  /** |face centre − oval centre| in units of the oval's width (x) and height (y). */
  maxOffsetX: number;
  maxOffsetY: number;
  /** Frontal enough to be the neutral pose, degrees. Pitch is looser: phones are held low. */
  maxYawDeg: number;
  maxPitchDeg: number;
  /**
   * Eye aspect ratio below which the eyes are surely closed. This model reads open eyes at
   * 0.18–0.32 depending on the person and closed ones only ~0.2–0.3 lower, so an absolute
   * threshold can only catch clearly closed eyes; the blink itself is judged relative.
   */
  minEyeOpenness: number;
  /** Previous frames (each with exactly one face) needed before 'ready'. */
  stillFrames: number;
  /** Max shift of the face centre over those frames, frame-normalised. */
  maxMove: number;
  /** Max relative change of the face width over those frames (0.08 = 8 %). */
  maxSizeChange: number;
  /** Max change of yaw over those frames, degrees. */
  maxTurnDeg: number;
}

export const DEFAULT_FACE_GUIDANCE: FaceGuidanceThresholds = {
  minWidthRatio: 0.55,
  maxWidthRatio: 1.1,
  maxOffsetX: 0.15,
  maxOffsetY: 0.2,
  maxYawDeg: 15,
  maxPitchDeg: 25,
  minEyeOpenness: 0.12,
  // At ~15 fps: ~200 ms of stillness.
  stillFrames: 3,
  // Landmark jitter on a still face is < 0.005; a hand-held phone drifts ~0.01 per frame.
  maxMove: 0.03,
  maxSizeChange: 0.08,
  maxTurnDeg: 5,
};

export interface FaceGuidanceInput {
  /** Faces of the current frame. */
  faces: readonly FaceMeasures[];
  /** Faces of previous frames, oldest first (the current frame not included). */
  previous: ReadonlyArray<readonly FaceMeasures[]>;
  oval: OvalGuide;
}

function isStill(face: FaceMeasures, previous: FaceGuidanceInput['previous'], t: FaceGuidanceThresholds): boolean {
  if (previous.length < t.stillFrames) return false;
  for (const frame of previous.slice(previous.length - t.stillFrames)) {
    if (frame.length !== 1) return false;
    const before = frame[0]!;
    if (Math.hypot(before.centre.x - face.centre.x, before.centre.y - face.centre.y) > t.maxMove) return false;
    if (Math.abs(before.size - face.size) / face.size > t.maxSizeChange) return false;
    if (Math.abs(before.yawDeg - face.yawDeg) > t.maxTurnDeg) return false;
  }
  return true;
}

/** Checks in the order a person can act on them: find a face, distance, centre, pose, wait. */
export function guideFace(input: FaceGuidanceInput, t: FaceGuidanceThresholds = DEFAULT_FACE_GUIDANCE): FaceEngineHint {
  const { faces, previous, oval } = input;
  if (faces.length === 0) return 'no-face';
  if (faces.length > 1) return 'multiple-faces';
  const face = faces[0]!;
  const widthRatio = face.box.width / oval.width;
  if (widthRatio < t.minWidthRatio) return 'too-far';
  if (widthRatio > t.maxWidthRatio) return 'too-close';
  if (Math.abs(face.centre.x - oval.cx) / oval.width > t.maxOffsetX || Math.abs(face.centre.y - oval.cy) / oval.height > t.maxOffsetY) {
    return 'off-centre';
  }
  if (Math.abs(face.yawDeg) > t.maxYawDeg || Math.abs(face.pitchDeg) > t.maxPitchDeg) return 'look-straight';
  if (face.eyeOpenness < t.minEyeOpenness) return 'eyes-closed';
  if (!isStill(face, previous, t)) return 'hold-still';
  return 'ready';
}
