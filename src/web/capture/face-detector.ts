// MediaPipe face detection behind a tiny API. tasks-vision (~300 KB JS + 12 MB WASM) is loaded
// with a dynamic import so it lands in its own chunk and only on screens that need it.
import type { FaceDetector } from '@mediapipe/tasks-vision';

/** Normalised to the analysed frame: 0..1 of its width (x, width) and height (y, height). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceDetection {
  box: FaceBox;
  /** Detector confidence, 0..1. */
  score: number;
}

export interface FaceDetectorConfig {
  /** App base URL the model and WASM are served under; default Vite's BASE_URL. */
  baseUrl?: string;
  /**
   * Chromium's fake camera pattern yields false faces at 0.52–0.62 and real faces score
   * 0.9+, so anything below 0.7 is noise.
   */
  minDetectionConfidence?: number;
}

export const MODEL_PATH = 'models/face_detector.tflite';
export const WASM_PATH = 'mediapipe/wasm';
export const DEFAULT_MIN_DETECTION_CONFIDENCE = 0.7;

function defaultBaseUrl(): string {
  return import.meta.env?.BASE_URL ?? '/';
}

/** Absolute URL of `path` under `baseUrl`, resolved against the page when in a browser. */
export function assetUrl(baseUrl: string, path: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const joined = `${base}${path}`;
  if (typeof location === 'undefined') return joined;
  return new URL(joined, location.href).href;
}

let loading: Promise<FaceDetector> | null = null;
let lastTimestamp = -Infinity;

async function load(config: FaceDetectorConfig): Promise<FaceDetector> {
  const vision = await import('@mediapipe/tasks-vision');
  const baseUrl = config.baseUrl ?? defaultBaseUrl();
  const fileset = await vision.FilesetResolver.forVisionTasks(assetUrl(baseUrl, WASM_PATH));
  return vision.FaceDetector.createFromOptions(fileset, {
    // CPU: the GPU delegate is slower on software GL and flaky on low-end phones; BlazeFace
    // short range runs in a few ms on CPU.
    baseOptions: { modelAssetPath: assetUrl(baseUrl, MODEL_PATH), delegate: 'CPU' },
    runningMode: 'VIDEO',
    minDetectionConfidence: config.minDetectionConfidence ?? DEFAULT_MIN_DETECTION_CONFIDENCE,
  });
}

/** Memoised load; the config of the first call wins. A failed load is forgotten (retryable). */
function getDetector(config: FaceDetectorConfig = {}): Promise<FaceDetector> {
  if (!loading) {
    const attempt = load(config);
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}

/**
 * Starts loading once (call it early, e.g. when the flow starts); resolves when the detector is
 * ready, rejects if the model or WASM cannot be loaded. Safe to call without awaiting: the
 * rejection is marked handled here.
 */
export function prefetchFaceDetector(config: FaceDetectorConfig = {}): Promise<void> {
  const ready = getDetector(config).then(() => undefined);
  ready.catch(() => undefined);
  return ready;
}

export function toFaceDetections(
  detections: ReadonlyArray<{
    boundingBox?: { originX: number; originY: number; width: number; height: number };
    categories: ReadonlyArray<{ score: number }>;
  }>,
  frameWidth: number,
  frameHeight: number,
): FaceDetection[] {
  const out: FaceDetection[] = [];
  for (const d of detections) {
    if (!d.boundingBox) continue;
    const { originX, originY, width, height } = d.boundingBox;
    out.push({
      box: {
        x: originX / frameWidth,
        y: originY / frameHeight,
        width: width / frameWidth,
        height: height / frameHeight,
      },
      score: d.categories[0]?.score ?? 0,
    });
  }
  return out;
}

/**
 * Faces in the canvas. `timestampMs` must grow between calls in VIDEO mode; a repeated or
 * older one is nudged forward instead of letting MediaPipe throw.
 */
export async function detectFaces(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  timestampMs: number,
): Promise<FaceDetection[]> {
  const detector = await getDetector();
  const ts = timestampMs > lastTimestamp ? timestampMs : lastTimestamp + 1;
  lastTimestamp = ts;
  const result = detector.detectForVideo(canvas, ts);
  return toFaceDetections(result.detections, canvas.width, canvas.height);
}

/** Frees the WASM side; the next prefetch/detect loads again. */
export async function closeFaceDetector(): Promise<void> {
  const current = loading;
  loading = null;
  lastTimestamp = -Infinity;
  if (!current) return;
  try {
    (await current).close();
  } catch {
    // A failed load has nothing to close.
  }
}
