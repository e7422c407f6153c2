// Messages between the still-photo face detector (main thread) and its Worker. Types only.
import type { NormRect } from '../../../vision/document/types';
import type { FaceDetection } from '../face-boxes';

export type ToFaceDetectorWorker =
  /** Absolute URLs (a worker has no page base URL). */
  | { type: 'init'; wasmUrl: string; modelUrl: string; minDetectionConfidence: number }
  /**
   * Faces in `region` of the photo (the whole photo when null), looked at with its long edge at
   * most `maxLongEdge` px. Decoding, cropping and scaling happen in the Worker too.
   */
  | { type: 'detect'; id: number; photo: Blob; region: NormRect | null; maxLongEdge: number };

export type FromFaceDetectorWorker =
  | { type: 'loaded' }
  | { type: 'load-failed'; message: string }
  /** Boxes normalised to the region looked at. */
  | { type: 'faces'; id: number; faces: FaceDetection[] }
  | { type: 'detect-failed'; id: number; message: string };
