// Which analysed frames a liveness try keeps as evidence. The judge names slots; whoever holds
// the pictures (the face worker) keeps the latest frame under each slot and uploads the final
// ones. At most 5 slots end up in a result (neutral, and a peak and a return per action); with the
// 4 screen-light frames added after them, within the contract's 12 (LIVENESS_MAX_FRAMES).
import type { LivenessAction } from '../../contract/liveness-session';
import type { LivenessFrameLabel } from '../../contract/liveness';
import type { FaceMeasures } from './face-measures';
import type { EvidenceKind } from './liveness-actions';
import type { NeutralPose } from './neutral-pose';

export interface EvidenceSlot {
  /** Stable name of the picture holder: 'neutral', 'action-0', 'return-0', …, 'first', 'last'. */
  key: string;
  label: LivenessFrameLabel;
}

export interface EvidenceFrame extends EvidenceSlot {
  /** ms since the challenge started. */
  atMs: number;
}

/** The contract asks for at least this many frames (livenessResultSchema.frames). */
const MIN_FRAMES = 2;
/** Open enough for the neutral picture, as a share of the neutral eye openness. */
const NEUTRAL_EYES_SHARE = 0.9;

export function createEvidence() {
  const kept = new Map<string, EvidenceFrame>();
  return {
    /** The first frame near the neutral pose with open eyes is the neutral picture. */
    neutralCandidate(face: FaceMeasures, neutral: NeutralPose, maxYawDeg: number): EvidenceSlot[] {
      if (kept.has('neutral')) return [];
      const straight = Math.abs(face.yawDeg - neutral.yawDeg) <= maxYawDeg;
      const open = face.eyeOpenness >= NEUTRAL_EYES_SHARE * neutral.eyeOpenness;
      return straight && open ? [{ key: 'neutral', label: 'neutral' }] : [];
    },
    slotsFor(actionIndex: number, action: LivenessAction, kinds: readonly EvidenceKind[]): EvidenceSlot[] {
      return kinds.map((kind) =>
        kind === 'peak' ? { key: `action-${actionIndex}`, label: action } : { key: `return-${actionIndex}`, label: 'return' },
      );
    },
    /**
     * Every frame is the latest one, and the first one is kept too: a try that failed early
     * (e.g. another face from the start) still has two pictures, as the contract wants.
     */
    fillerSlots(action: LivenessAction): EvidenceSlot[] {
      const last: EvidenceSlot = { key: 'last', label: action };
      return kept.has('first') ? [last] : [{ key: 'first', label: 'neutral' }, last];
    },
    keep(slots: readonly EvidenceSlot[], atMs: number): void {
      for (const slot of slots) kept.set(slot.key, { ...slot, atMs });
    },
    /** The frames to upload, oldest first; 'last' and 'first' only fill up to the contract's minimum. */
    final(): EvidenceFrame[] {
      const isFiller = (f: EvidenceFrame) => f.key === 'last' || f.key === 'first';
      const frames = [...kept.values()].filter((f) => !isFiller(f));
      for (const key of ['last', 'first']) {
        const filler = kept.get(key);
        if (frames.length < MIN_FRAMES && filler && !frames.some((f) => f.atMs === filler.atMs)) frames.push(filler);
      }
      return frames.sort((a, b) => a.atMs - b.atMs);
    },
  };
}
