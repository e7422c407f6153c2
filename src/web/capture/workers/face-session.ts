// What the face worker does with each frame, without the Worker and MediaPipe around it (they
// are passed in), so it can be tested in Node: landmarks → measures → guidance, or the liveness
// judge during a challenge, keeping the judge's evidence frames and encoding them at the end.
import type { LivenessChallenge } from '../../../contract/liveness-session';
import { DEFAULT_FACE_GUIDANCE, guideFace, type OvalGuide } from '../../../vision/face/face-guidance';
import { measureFace, type FaceMeasures, type Landmarks } from '../../../vision/face/face-measures';
import { createLivenessJudge, type LivenessJudge } from '../../../vision/face/liveness-judge';
import { neutralPoseOf } from '../../../vision/face/neutral-pose';
import type { WorkerUpdate } from './face-protocol';

export interface DetectedFaces {
  /** Per face, landmarks normalised to the image (MediaPipe's NormalizedLandmark). */
  landmarks: Landmarks[];
  /** Per face, its 4×4 facial transformation matrix (column-major), when available. */
  matrices: (ArrayLike<number> | null)[];
}

/** Images as the worker gets them; a bitmap in the browser, anything sized in tests. */
export interface FrameImage {
  width: number;
  height: number;
  close(): void;
}

export interface FaceSessionDeps<I extends FrameImage> {
  detect(image: I, timestampMs: number): DetectedFaces;
  /** JPEG of an evidence frame. */
  encode(image: I): Promise<Blob>;
  now(): number;
}

/** Guidance frames this recent (ms before the challenge starts) make the neutral pose. */
export const NEUTRAL_WINDOW_MS = 500;

export function createFaceSession<I extends FrameImage>(deps: FaceSessionDeps<I>) {
  let previous: FaceMeasures[][] = [];
  let recent: { atMs: number; faces: FaceMeasures[] }[] = [];
  let judge: LivenessJudge | null = null;
  let judgeStart = 0;
  // Evidence pictures by slot; one image may sit in several slots.
  let kept = new Map<string, I>();
  let lastTimestamp = -Infinity;

  function release(): void {
    for (const image of new Set(kept.values())) image.close();
    kept = new Map();
  }

  function keep(keys: readonly string[], image: I): void {
    for (const key of keys) {
      const old = kept.get(key);
      kept.set(key, image);
      if (old && old !== image && ![...kept.values()].includes(old)) old.close();
    }
  }

  async function judgeFrame(active: LivenessJudge, image: I, atMs: number, faces: FaceMeasures[]): Promise<WorkerUpdate[]> {
    const step = active.observe({ atMs, faces });
    keep(step.keep.map((s) => s.key), image);
    if (![...kept.values()].includes(image)) image.close();
    const updates: WorkerUpdate[] = [{ kind: 'challenge', actionIndex: step.actionIndex, action: step.action, progress: step.progress, hint: step.hint }];
    const outcome = active.outcome();
    if (!outcome) return updates;
    judge = null;
    const pictures = kept;
    kept = new Map();
    try {
      const evidence = [];
      for (const frame of outcome.evidence) {
        const picture = pictures.get(frame.key);
        if (picture) evidence.push({ label: frame.label, blob: await deps.encode(picture) });
      }
      updates.push({ kind: 'challenge-done', result: outcome.result, evidence });
    } finally {
      for (const picture of new Set(pictures.values())) picture.close();
    }
    return updates;
  }

  return {
    async frame(image: I, atMs: number, oval: OvalGuide): Promise<WorkerUpdate[]> {
      const started = deps.now();
      // VIDEO mode needs growing timestamps; a repeated one is nudged rather than refused.
      const timestamp = atMs > lastTimestamp ? atMs : lastTimestamp + 1;
      lastTimestamp = timestamp;
      let faces: FaceMeasures[];
      try {
        const detected = deps.detect(image, timestamp);
        const size = { width: image.width, height: image.height };
        faces = detected.landmarks.map((landmarks, i) => measureFace(landmarks, size, detected.matrices[i]));
      } catch (error) {
        image.close();
        throw error;
      }
      const analyseMs = deps.now() - started;
      if (judge && atMs >= judgeStart) return judgeFrame(judge, image, atMs, faces);
      image.close();
      const hint = guideFace({ faces, previous, oval });
      previous = [...previous, faces].slice(-DEFAULT_FACE_GUIDANCE.stillFrames);
      recent = [...recent.filter((f) => f.atMs >= atMs - 2 * NEUTRAL_WINDOW_MS), { atMs, faces }];
      return [{ kind: 'guidance', hint, analyseMs }];
    },
    startChallenge(challenge: LivenessChallenge, atMs: number): void {
      release();
      const before = recent.filter((f) => f.atMs >= atMs - NEUTRAL_WINDOW_MS && f.atMs <= atMs && f.faces.length === 1);
      judge = createLivenessJudge(challenge, neutralPoseOf(before.map((f) => f.faces[0]!)), atMs);
      judgeStart = atMs;
    },
    cancelChallenge(): void {
      judge = null;
      release();
    },
    reset(): void {
      judge = null;
      release();
      previous = [];
      recent = [];
    },
  };
}

export type FaceSession<I extends FrameImage> = ReturnType<typeof createFaceSession<I>>;
