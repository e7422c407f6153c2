// The face Worker: MediaPipe FaceLandmarker (VIDEO mode, CPU delegate) plus the face session.
// A CLASSIC worker (vite.config.ts: worker.format 'iife'): MediaPipe's WASM loader uses
// importScripts, which module workers do not have. tasks-vision is imported statically: an
// IIFE bundle cannot split chunks.
import { FaceLandmarker, FilesetResolver } from '@mediapipe/tasks-vision';
import { MAX_LONG_EDGE, type FromWorker, type ToWorker } from './face-protocol';
import { frameBitmap } from './frame-bitmap';
import { createFaceSession, type FaceSession } from './face-session';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
let session: FaceSession<ImageBitmap> | null = null;
let loading: Promise<void> | null = null;

/** Evidence frames are encoded here, off the main thread. */
async function encodeJpeg(bitmap: ImageBitmap): Promise<Blob> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D OffscreenCanvas is not available');
  ctx.drawImage(bitmap, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}

async function load(wasmUrl: string, modelUrl: string): Promise<void> {
  const fileset = await FilesetResolver.forVisionTasks(wasmUrl);
  const landmarker = await FaceLandmarker.createFromOptions(fileset, {
    // CPU: the GPU delegate is slower on software GL and flaky on low-end phones.
    baseOptions: { modelAssetPath: modelUrl, delegate: 'CPU' },
    runningMode: 'VIDEO',
    // Two, so a second face in view is seen (and refused) rather than ignored.
    numFaces: 2,
    outputFacialTransformationMatrixes: true,
    // No blendshapes: no npm package ships that model (see the mediapipe-offline note).
    outputFaceBlendshapes: false,
  });
  session = createFaceSession<ImageBitmap>({
    detect(image, timestampMs) {
      const result = landmarker.detectForVideo(image, timestampMs);
      return { landmarks: result.faceLandmarks, matrices: result.faceLandmarks.map((_, i) => result.facialTransformationMatrixes[i]?.data ?? null) };
    },
    encode: encodeJpeg,
    now: () => performance.now(),
  });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function handle(data: ToWorker): Promise<void> {
  switch (data.type) {
    case 'init':
      loading ??= load(data.wasmUrl, data.modelUrl);
      try {
        await loading;
        scope.postMessage({ type: 'loaded' });
      } catch (error) {
        loading = null;
        scope.postMessage({ type: 'load-failed', message: message(error) });
      }
      return;
    case 'frame':
      if (!session) {
        data.bitmap.close();
        scope.postMessage({ type: 'frame-failed', id: data.id, message: 'face models not loaded' });
        return;
      }
      try {
        const bitmap = await frameBitmap(data.bitmap, MAX_LONG_EDGE);
        scope.postMessage({ type: 'frame-done', id: data.id, updates: await session.frame(bitmap, data.atMs, data.oval) });
      } catch (error) {
        scope.postMessage({ type: 'frame-failed', id: data.id, message: message(error) });
      }
      return;
    case 'start-challenge':
      session?.startChallenge(data.challenge, data.atMs);
      return;
    case 'cancel-challenge':
      session?.cancelChallenge();
      return;
    case 'reset':
      session?.reset();
      return;
  }
}

scope.onmessage = (event) => {
  void handle(event.data);
};
