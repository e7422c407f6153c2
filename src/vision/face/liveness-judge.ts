// The liveness judge: a state machine fed one observation per analysed frame (time passed in),
// running the challenge's actions in order against the person's own neutral pose, and ending
// with the contract's LivenessResult plus which frames to keep as evidence. Pure: no clock.
//
// Failures: 'timeout' (an action not done within challenge.actionTimeoutMs of its start),
// 'wrong-direction' (instead of 'timeout' when, by then, a clear turn the other way had been
// held: the mirrored preview makes that mistake easy, so it never ends a try early, it only
// explains the timeout), 'no-face' (no face for noFaceMs), 'multiple-faces' (two or more for
// multipleFacesMs), 'face-changed' (the identity signature drifted from the neutral one, or the
// face jumped across the frame between two close frames).
import type { LivenessAction, LivenessChallenge } from '../../contract/liveness-session';
import type { LivenessFailure, LivenessResult } from '../../contract/liveness';
import type { FaceMeasures } from './face-measures';
import type { FaceEngineHint } from './face-guidance';
import { DEFAULT_ACTION_THRESHOLDS, createActionTracker, type ActionThresholds, type ActionTracker } from './liveness-actions';
import { createIdentityWatch, neutralPoseOf, type IdentityThresholds, type NeutralPose } from './neutral-pose';
import { createEvidence, type EvidenceFrame, type EvidenceSlot } from './liveness-evidence';

export interface JudgeThresholds extends ActionThresholds {
  identity: IdentityThresholds;
  noFaceMs: number;
  multipleFacesMs: number;
  /** Centre moving more than this (frame-normalised) or the size changing by more than `jumpSize` (0.35 = ×1.35) … */
  jumpMove: number;
  jumpSize: number;
  /** … between frames this close in time is no head movement but another face. */
  jumpWithinMs: number;
  /** Frames of one face that make the neutral pose when none was given. */
  neutralFrames: number;
}

export const DEFAULT_JUDGE_THRESHOLDS: JudgeThresholds = {
  ...DEFAULT_ACTION_THRESHOLDS,
  identity: { maxDistance: 0.045, frames: 3, maxPoseDeg: 8 },
  // A far turn can lose the face for a moment.
  noFaceMs: 2000,
  // Longer than a stray false detection.
  multipleFacesMs: 600,
  jumpMove: 0.2,
  jumpSize: 0.35,
  jumpWithinMs: 250,
  neutralFrames: 3,
};

export interface FaceObservation {
  /** ms, any clock that grows (the same as the challenge start's). */
  atMs: number;
  faces: readonly FaceMeasures[];
}

export interface JudgeStep {
  actionIndex: number;
  action: LivenessAction;
  /** 0..1 of the current action. */
  progress: number;
  hint: FaceEngineHint | null;
  /** Keep this frame's picture under these slots (replacing what they held). */
  keep: EvidenceSlot[];
  done: boolean;
}

export interface JudgeOutcome {
  result: LivenessResult;
  /** The frames to upload, in result.frames order; `key` names the kept picture. */
  evidence: EvidenceFrame[];
}

export interface LivenessJudge {
  observe(observation: FaceObservation): JudgeStep;
  /** Set once the try is over. */
  outcome(): JudgeOutcome | null;
}

interface ActionRecord {
  action: LivenessAction;
  tracker: ActionTracker | null;
  startedAtMs: number;
  completedAtMs: number | null;
}

/**
 * `neutral`: measured from the frames before the challenge (see neutralPoseOf); when null, the
 * first `neutralFrames` frames of one face make it. `startAtMs`: when the challenge started, on
 * the observations' clock; result times count from it.
 */
export function createLivenessJudge(
  challenge: LivenessChallenge,
  neutralGiven: NeutralPose | null,
  startAtMs: number,
  t: JudgeThresholds = DEFAULT_JUDGE_THRESHOLDS,
): LivenessJudge {
  let neutral = neutralGiven;
  const neutralCandidates: FaceMeasures[] = [];
  let identity = neutral ? createIdentityWatch(neutral, t.identity) : null;
  const actions: ActionRecord[] = [{ action: challenge.actions[0]!, tracker: null, startedAtMs: 0, completedAtMs: null }];
  const evidence = createEvidence();
  let framesAnalysed = 0;
  let noFaceSince: number | null = null;
  let multipleSince: number | null = null;
  let previous: { atMs: number; face: FaceMeasures } | null = null;
  let failure: LivenessFailure | null = null;
  let finished: JudgeOutcome | null = null;
  let progress = 0;

  const rel = (atMs: number) => Math.min(600_000, Math.max(0, Math.round(atMs - startAtMs)));
  const current = () => actions[actions.length - 1]!;

  function trackerOf(record: ActionRecord, pose: NeutralPose): ActionTracker {
    record.tracker ??= createActionTracker(record.action, pose, t);
    return record.tracker;
  }

  function finish(): void {
    const pose = neutral ?? { yawDeg: 0, pitchDeg: 0, eyeOpenness: 0, faceAspect: 0, signature: [] };
    const result: LivenessResult = {
      challengeId: challenge.challengeId,
      verdict: failure ? 'failed' : 'passed',
      ...(failure ? { failure } : {}),
      actions: actions.map((a) => ({
        action: a.action,
        passed: a.completedAtMs !== null,
        startedAtMs: a.startedAtMs,
        completedAtMs: a.completedAtMs,
        peak: a.tracker?.peak() ?? (a.action === 'blink' ? 1 : 0),
      })),
      neutral: { yawDeg: pose.yawDeg, pitchDeg: pose.pitchDeg, eyeOpenness: Math.min(10, pose.eyeOpenness) },
      frames: [],
      framesAnalysed,
    };
    const frames = evidence.final();
    result.frames = frames.map(({ label, atMs: at }) => ({ label, atMs: at }));
    finished = { result, evidence: frames };
  }

  function step(hint: FaceEngineHint | null, keep: EvidenceSlot[]): JudgeStep {
    const index = actions.length - 1;
    return { actionIndex: index, action: current().action, progress, hint, keep, done: finished !== null };
  }

  function judgeFace(face: FaceMeasures, atMs: number): { hint: FaceEngineHint | null; keep: EvidenceSlot[] } {
    const before = previous && atMs - previous.atMs <= t.jumpWithinMs ? previous.face : null;
    if (
      before &&
      (Math.hypot(face.centre.x - before.centre.x, face.centre.y - before.centre.y) > t.jumpMove ||
        Math.max(face.size / before.size, before.size / face.size) > 1 + t.jumpSize)
    ) {
      failure = 'face-changed';
      return { hint: null, keep: [] };
    }
    if (!neutral) {
      neutralCandidates.push(face);
      if (neutralCandidates.length < t.neutralFrames) return { hint: null, keep: [] };
      neutral = neutralPoseOf(neutralCandidates);
      identity = createIdentityWatch(neutral!, t.identity);
    }
    if (identity!.changed(face)) {
      failure = 'face-changed';
      return { hint: null, keep: [] };
    }
    const keep = evidence.neutralCandidate(face, neutral!, t.returnDeg);
    const record = current();
    const update = trackerOf(record, neutral!).observe(face, before);
    progress = update.progress;
    keep.push(...evidence.slotsFor(actions.length - 1, record.action, update.keep));
    if (update.done) {
      record.completedAtMs = rel(atMs);
      if (actions.length < challenge.actions.length) {
        actions.push({ action: challenge.actions[actions.length]!, tracker: null, startedAtMs: record.completedAtMs, completedAtMs: null });
        progress = 0;
      }
    }
    return { hint: update.hint, keep };
  }

  return {
    observe({ atMs, faces }) {
      if (finished) return step(null, []);
      framesAnalysed++;
      let hint: FaceEngineHint | null;
      const keep: EvidenceSlot[] = evidence.fillerSlots(current().action);
      if (faces.length === 1) {
        noFaceSince = null;
        multipleSince = null;
        const judged = judgeFace(faces[0]!, atMs);
        hint = judged.hint;
        keep.push(...judged.keep);
        previous = { atMs, face: faces[0]! };
      } else {
        previous = null;
        if (faces.length === 0) {
          multipleSince = null;
          noFaceSince ??= atMs;
          if (atMs - noFaceSince >= t.noFaceMs) failure = 'no-face';
          hint = 'no-face';
        } else {
          noFaceSince = null;
          multipleSince ??= atMs;
          if (atMs - multipleSince >= t.multipleFacesMs) failure = 'multiple-faces';
          hint = 'multiple-faces';
        }
      }
      evidence.keep(keep, rel(atMs));
      const record = current();
      const allDone = record.completedAtMs !== null;
      if (!failure && !allDone && rel(atMs) - record.startedAtMs >= challenge.actionTimeoutMs) {
        failure = record.tracker?.wentWrongWay() ? 'wrong-direction' : 'timeout';
      }
      if (failure || allDone) finish();
      return step(hint, keep);
    },
    outcome: () => finished,
  };
}
