// The still-photo face detector's Worker: MediaPipe FaceDetector (BlazeFace short range, IMAGE
// mode, CPU). Decoding a 12 MP photo and compiling MediaPipe's WebAssembly take hundreds of ms:
// here they never block the page. A CLASSIC worker, like face-worker.ts (importScripts).
import { FaceDetector, FilesetResolver } from '@mediapipe/tasks-vision';
import type { NormRect } from '../../../vision/document/types';
import { toFaceDetections } from '../face-boxes';
import type { FromFaceDetectorWorker, ToFaceDetectorWorker } from './face-detector-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToFaceDetectorWorker>) => void) | null;
  postMessage(message: FromFaceDetectorWorker): void;
}

const scope = self as unknown as WorkerScope;
let detector: Promise<FaceDetector> | null = null;

async function load(data: Extract<ToFaceDetectorWorker, { type: 'init' }>): Promise<FaceDetector> {
  const fileset = await FilesetResolver.forVisionTasks(data.wasmUrl);
  return FaceDetector.createFromOptions(fileset, {
    baseOptions: { modelAssetPath: data.modelUrl, delegate: 'CPU' },
    runningMode: 'IMAGE',
    minDetectionConfidence: data.minDetectionConfidence,
  });
}

/** The region of the photo, its long edge scaled down to at most `maxLongEdge` px. */
async function regionBitmap(photo: Blob, region: NormRect | null, maxLongEdge: number): Promise<ImageBitmap> {
  const full = await createImageBitmap(photo);
  try {
    const r = region ?? { x: 0, y: 0, width: 1, height: 1 };
    const sx = Math.max(0, Math.round(r.x * full.width));
    const sy = Math.max(0, Math.round(r.y * full.height));
    const sw = Math.max(1, Math.min(full.width - sx, Math.round(r.width * full.width)));
    const sh = Math.max(1, Math.min(full.height - sy, Math.round(r.height * full.height)));
    const scale = Math.min(1, maxLongEdge / Math.max(sw, sh));
    return await createImageBitmap(full, sx, sy, sw, sh, {
      resizeWidth: Math.max(1, Math.round(sw * scale)), resizeHeight: Math.max(1, Math.round(sh * scale)), resizeQuality: 'medium',
    });
  } finally {
    full.close();
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function handle(data: ToFaceDetectorWorker): Promise<void> {
  if (data.type === 'init') {
    detector ??= load(data);
    try {
      await detector;
      scope.postMessage({ type: 'loaded' });
    } catch (error) {
      detector = null;
      scope.postMessage({ type: 'load-failed', message: message(error) });
    }
    return;
  }
  try {
    if (!detector) throw new Error('face detector not loaded');
    const d = await detector;
    const bitmap = await regionBitmap(data.photo, data.region, data.maxLongEdge);
    try {
      // Normalised by the bitmap's own size: right even where resize options are ignored.
      const faces = toFaceDetections(d.detect(bitmap).detections, bitmap.width, bitmap.height);
      scope.postMessage({ type: 'faces', id: data.id, faces });
    } finally {
      bitmap.close();
    }
  } catch (error) {
    scope.postMessage({ type: 'detect-failed', id: data.id, message: message(error) });
  }
}

scope.onmessage = (event) => {
  void handle(event.data);
};
