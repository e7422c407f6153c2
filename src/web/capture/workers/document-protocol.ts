// Messages between the document engine (main thread) and its Worker.
import type { FrameAnalysis } from '../../../vision/document/analyse-frame';
import type { NormRect } from '../../../vision/document/types';
import type { PhotoFinding } from '../../../vision/document/find-in-photo';

export type ToDocumentWorker =
  /**
   * A live frame and the guide in its coordinates; an ImageBitmap already at the finder's size,
   * or a VideoFrame the Worker scales (workers/frame-bitmap.ts).
   */
  | { type: 'frame'; id: number; bitmap: ImageBitmap | VideoFrame; guide: NormRect; atMs: number }
  /**
   * A whole still photo (any size; the worker scales it down); with `reference`, the photo of
   * the other side already accepted, to tell whether this one shows the same side again.
   */
  | { type: 'photo'; id: number; bitmap: ImageBitmap; reference?: ImageBitmap }
  /** The other side already accepted (the front, on the back step); null forgets it. Kept across resets. */
  | { type: 'reference'; bitmap: ImageBitmap | null }
  | { type: 'reset' };

export type FromDocumentWorker =
  | { type: 'frame'; id: number; analysis: Pick<FrameAnalysis, 'hint' | 'corners' | 'ready'>; capture: boolean; analyseMs: number }
  /** `sameSide`: the photo shows the reference's side again; null when there was nothing to compare. */
  | { type: 'photo'; id: number; finding: PhotoFinding; sameSide: boolean | null }
  | { type: 'error'; id: number; message: string };

/** What the session handles: a live frame is an ImageBitmap by then (the Worker converts it). */
export type DocumentWork =
  | Exclude<ToDocumentWorker, { type: 'frame' }>
  | (Omit<Extract<ToDocumentWorker, { type: 'frame' }>, 'bitmap'> & { bitmap: ImageBitmap });
