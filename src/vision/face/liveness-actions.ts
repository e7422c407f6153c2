// One tracker per liveness action: fed the single face of each frame, it says how far the action
// has got, which frames are its evidence, and when it is done. Pure: time is not needed here.
import type { LivenessAction } from '../../contract/liveness-session';
import type { FaceMeasures } from './face-measures';
import type { FaceEngineHint } from './face-guidance';
import type { NeutralPose } from './neutral-pose';

export interface ActionThresholds {
  /**
   * Measured yaw change from neutral that counts as a turn, degrees. The landmarker reads about
   * 0.6–0.75 of the true head rotation; moving, tilting or zooming a photo reads ≤ 7°, a 14° head
   * turn ~10°.
   */
  turnDeg: number;
  /** Consecutive frames the turn must be held (one frame can be a glitch). */
  turnHoldFrames: number;
  /** Back within this of the neutral yaw completes a turn, degrees. */
  returnDeg: number;
  /**
   * Eye openness as a share of the neutral one (corrected for the face's aspect, see
   * eyeShare) that counts as closed. This model never reads closed eyes much below open ones:
   * recorded blinks read 0.72–0.8, through a fake camera ~0.82; moving a still photo reads
   * ≥ 0.84, and those frames fail the gates below anyway.
   */
  blinkClosedShare: number;
  /** Share that counts as open again, completing the blink. */
  blinkOpenShare: number;
  /** A closed-eye frame counts only with yaw and pitch this close to neutral: looking down narrows the eyes. */
  blinkMaxPoseDeg: number;
  /** …and with the face's aspect this close to the neutral one (0.08 = 8 %): a squashed face is no blink. */
  blinkMaxAspectChange: number;
  /** …and with the face steady since the frame before (a photo being moved makes the eye points jitter). */
  blinkMaxMove: number;
  blinkMaxSizeChange: number;
  blinkMaxRollDeg: number;
}

export const DEFAULT_ACTION_THRESHOLDS: ActionThresholds = {
  turnDeg: 18,
  turnHoldFrames: 2,
  returnDeg: 8,
  blinkClosedShare: 0.85,
  blinkOpenShare: 0.92,
  blinkMaxPoseDeg: 10,
  blinkMaxAspectChange: 0.08,
  // Recorded blinks move ≤ 0.003 of the frame, ≤ 1.4 % in size, ≤ 0.5° in roll from one frame to
  // the next; a zoomed or tilted photo whose eyes read as narrowed moved ≥ 3.7 % or ≥ 2.5°.
  blinkMaxMove: 0.01,
  blinkMaxSizeChange: 0.02,
  blinkMaxRollDeg: 1.5,
};

export type EvidenceKind = 'peak' | 'return';

export interface ActionUpdate {
  /** 0..1 of this action. */
  progress: number;
  hint: FaceEngineHint | null;
  /** Evidence this frame is now the best picture of. */
  keep: EvidenceKind[];
  done: boolean;
}

export interface ActionTracker {
  /** `previous`: the face of the frame before, if that frame had exactly one. */
  observe(face: FaceMeasures, previous: FaceMeasures | null): ActionUpdate;
  /** LivenessResult's `peak` (see the contract). */
  peak(): number;
  /** A clear turn the other way was held (turns only). */
  wentWrongWay(): boolean;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function createTurnTracker(direction: 1 | -1, neutral: NeutralPose, t: ActionThresholds): ActionTracker {
  let held = 0;
  let oppositeHeld = 0;
  let reached = false;
  let wrongWay = false;
  let bestAlong = -Infinity;
  let maxAlong = -Infinity;
  let minAlong = Infinity;
  return {
    observe(face) {
      const delta = face.yawDeg - neutral.yawDeg;
      // Degrees turned the asked way (negative: the other way).
      const along = delta * direction;
      maxAlong = Math.max(maxAlong, along);
      minAlong = Math.min(minAlong, along);
      oppositeHeld = -along >= t.turnDeg ? oppositeHeld + 1 : 0;
      if (oppositeHeld >= t.turnHoldFrames) wrongWay = true;
      if (!reached) {
        held = along >= t.turnDeg ? held + 1 : 0;
        reached = held >= t.turnHoldFrames;
      }
      const keep: EvidenceKind[] = [];
      if (along >= t.turnDeg && along > bestAlong) {
        bestAlong = along;
        keep.push('peak');
      }
      if (reached && Math.abs(delta) <= t.returnDeg) return { progress: 1, hint: null, keep: [...keep, 'return'], done: true };
      const away = reached || -along >= t.turnDeg;
      return { progress: reached ? 0.9 : clamp01(along / t.turnDeg) * 0.8, hint: away ? 'look-straight' : null, keep, done: false };
    },
    peak() {
      if (maxAlong === -Infinity) return 0;
      // The asked direction's extreme, unless the other way clearly dominated (shows as the
      // opposite sign).
      const along = reached || maxAlong >= -minAlong ? maxAlong : minAlong;
      return Math.max(-180, Math.min(180, along * direction));
    },
    wentWrongWay: () => wrongWay,
  };
}

function isSteady(face: FaceMeasures, previous: FaceMeasures | null, t: ActionThresholds): boolean {
  if (!previous) return false;
  return (
    Math.hypot(face.centre.x - previous.centre.x, face.centre.y - previous.centre.y) <= t.blinkMaxMove &&
    Math.abs(face.size - previous.size) / previous.size <= t.blinkMaxSizeChange &&
    Math.abs(face.rollDeg - previous.rollDeg) <= t.blinkMaxRollDeg
  );
}

/**
 * Eye openness as a share of the neutral one, divided by the face's aspect change: tilting a
 * photo back squashes the eyes and the whole face alike, a blink only the eyes.
 */
export function eyeShare(face: FaceMeasures, neutral: NeutralPose): number {
  const squash = neutral.faceAspect > 0 && face.aspect > 0 ? face.aspect / neutral.faceAspect : 1;
  return face.eyeOpenness / neutral.eyeOpenness / squash;
}

function createBlinkTracker(neutral: NeutralPose, t: ActionThresholds): ActionTracker {
  let closed = false;
  let minShare = Infinity;
  let bestClosed = Infinity;
  return {
    observe(face, previous) {
      const share = eyeShare(face, neutral);
      const posed =
        Math.abs(face.yawDeg - neutral.yawDeg) <= t.blinkMaxPoseDeg &&
        Math.abs(face.pitchDeg - neutral.pitchDeg) <= t.blinkMaxPoseDeg &&
        Math.abs(face.aspect / neutral.faceAspect - 1) <= t.blinkMaxAspectChange;
      const counts = posed && isSteady(face, previous, t);
      const keep: EvidenceKind[] = [];
      if (counts) {
        minShare = Math.min(minShare, share);
        if (share <= t.blinkClosedShare) closed = true;
        if (closed && share < bestClosed) {
          bestClosed = share;
          keep.push('peak');
        }
      }
      if (closed && posed && share >= t.blinkOpenShare) return { progress: 1, hint: null, keep: [...keep, 'return'], done: true };
      const closing = counts ? clamp01((1 - share) / (1 - t.blinkClosedShare)) * 0.5 : 0;
      return { progress: closed ? 0.75 : closing, hint: posed ? null : 'look-straight', keep, done: false };
    },
    peak: () => (minShare === Infinity ? 1 : Math.max(0, Math.min(180, minShare))),
    wentWrongWay: () => false,
  };
}

export function createActionTracker(action: LivenessAction, neutral: NeutralPose, t: ActionThresholds = DEFAULT_ACTION_THRESHOLDS): ActionTracker {
  if (action === 'blink') return createBlinkTracker(neutral, t);
  return createTurnTracker(action === 'turn-left' ? 1 : -1, neutral, t);
}
