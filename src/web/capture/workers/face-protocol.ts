// Messages between the face engine (main thread) and its Worker, and the frame size they share.
// Nothing here runs code: both sides import it.
import type { LivenessAction, LivenessChallenge } from '../../../contract/liveness-session';
import type { LivenessFrameLabel, LivenessResult } from '../../../contract/liveness';
import type { FaceEngineHint, OvalGuide } from '../../../vision/face/face-guidance';

/** Long edge of the analysed frames, px: the landmarker looks at a 192 px face crop anyway. */
export const MAX_LONG_EDGE = 640;

/** What the engine reports to its subscribers; 'error' is made on the main thread. */
export type FaceEngineUpdate =
  | { kind: 'guidance'; hint: FaceEngineHint; analyseMs: number }
  | { kind: 'challenge'; actionIndex: number; action: LivenessAction; progress: number; hint: FaceEngineHint | null }
  | { kind: 'challenge-done'; result: LivenessResult; evidence: { label: LivenessFrameLabel; blob: Blob }[] }
  | { kind: 'error'; error: unknown };

export type WorkerUpdate = Exclude<FaceEngineUpdate, { kind: 'error' }>;

export type ToWorker =
  /** Absolute URLs (resolved on the main thread: a worker has no page base URL). */
  | { type: 'init'; wasmUrl: string; modelUrl: string }
  /**
   * `atMs`: performance.now() of the main thread when grabbed. The frame is transferred (a
   * VideoFrame is turned into a bitmap in the Worker: workers/frame-bitmap.ts).
   */
  | { type: 'frame'; id: number; bitmap: ImageBitmap | VideoFrame; atMs: number; oval: OvalGuide }
  /** `atMs` on the frames' clock; the neutral pose comes from the frames just before it. */
  | { type: 'start-challenge'; challenge: LivenessChallenge; atMs: number }
  | { type: 'cancel-challenge' }
  /** Forget past frames (the loop stopped). */
  | { type: 'reset' };

export type FromWorker =
  | { type: 'loaded' }
  | { type: 'load-failed'; message: string }
  /** Sent for every frame, even without updates: the main thread has one frame in flight. */
  | { type: 'frame-done'; id: number; updates: WorkerUpdate[] }
  | { type: 'frame-failed'; id: number; message: string };
