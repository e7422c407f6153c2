// Face detection on still photos (a picked selfie, the portrait on a captured document), run in a
// Worker (workers/face-detector-worker.ts): MediaPipe's WebAssembly compile and the photo's
// decoding took 100–500 ms tasks on the page when they ran here. The page only hands over the
// photo's Blob; nothing of tasks-vision is in the page's own chunks.
import type { NormRect } from '../../vision/document/types';
import type { FaceDetection } from './face-boxes';
import type { FromFaceDetectorWorker, ToFaceDetectorWorker } from './workers/face-detector-protocol';

export type { FaceBox, FaceDetection } from './face-boxes';

export const MODEL_PATH = 'models/face_detector.tflite';
export const WASM_PATH = 'mediapipe/wasm';
/**
 * Chromium's fake camera pattern yields false faces at 0.52–0.62 and real faces score 0.9+, so
 * anything below 0.7 is noise.
 */
export const DEFAULT_MIN_DETECTION_CONFIDENCE = 0.7;
/** A detection that has not answered by then is given up (callers treat it as "not checked"), ms. */
export const DETECT_TIMEOUT_MS = 20_000;

/** Absolute URL of `path` under `baseUrl`, resolved against the page when in a browser. */
export function assetUrl(baseUrl: string, path: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const joined = `${base}${path}`;
  if (typeof location === 'undefined') return joined;
  return new URL(joined, location.href).href;
}

export interface DetectOptions {
  /** The part of the photo to look in (normalised); the whole photo by default. */
  region?: NormRect | null;
  /** Long edge the region is looked at, px. */
  maxLongEdge: number;
}

export interface FaceDetectorClient {
  /** Memoised; rejects when the model or WASM cannot load; a later call after a failure retries. */
  load(): Promise<void>;
  detect(photo: Blob, options: DetectOptions): Promise<FaceDetection[]>;
  close(): void;
}

export interface FaceDetectorClientOptions {
  /** App base URL the model and WASM are served under; default Vite's BASE_URL. */
  baseUrl?: string;
  createWorker?: () => Worker;
  timeoutMs?: number;
}

// No `type: 'module'`: a classic worker (see the worker's header).
const newWorker = () => new Worker(new URL('./workers/face-detector-worker.ts', import.meta.url));

export function createFaceDetectorClient(options: FaceDetectorClientOptions = {}): FaceDetectorClient {
  const baseUrl = options.baseUrl ?? import.meta.env?.BASE_URL ?? '/';
  const createWorker = options.createWorker ?? newWorker;
  const timeoutMs = options.timeoutMs ?? DETECT_TIMEOUT_MS;
  let worker: Worker | null = null;
  let loading: Promise<void> | null = null;
  let settleLoad: ((error?: Error) => void) | null = null;
  const pending = new Map<number, { resolve: (faces: FaceDetection[]) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  let nextId = 1;

  const post = (message: ToFaceDetectorWorker) => worker?.postMessage(message);

  /** Drops the worker: every waiting call is rejected, the next one starts afresh. */
  function reset(error: Error): void {
    worker?.terminate();
    worker = null;
    loading = null;
    settleLoad?.(error);
    settleLoad = null;
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(error);
      pending.delete(id);
    }
  }

  function onMessage(event: MessageEvent<FromFaceDetectorWorker>): void {
    const m = event.data;
    if (m.type === 'loaded') {
      settleLoad?.();
      settleLoad = null;
    } else if (m.type === 'load-failed') {
      reset(new Error(m.message));
    } else {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.type === 'faces') p.resolve(m.faces);
      else p.reject(new Error(m.message));
    }
  }

  const client: FaceDetectorClient = {
    load() {
      if (!loading) {
        const attempt = new Promise<void>((resolve, reject) => {
          settleLoad = (error) => (error ? reject(error) : resolve());
          try {
            worker = createWorker();
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          worker.onmessage = onMessage;
          worker.onerror = (event) => reset(new Error(event.message || 'face detector worker failed'));
          post({
            type: 'init', wasmUrl: assetUrl(baseUrl, WASM_PATH), modelUrl: assetUrl(baseUrl, MODEL_PATH),
            minDetectionConfidence: DEFAULT_MIN_DETECTION_CONFIDENCE,
          });
        });
        loading = attempt;
        attempt.catch(() => {
          if (loading === attempt) reset(new Error('face detector load failed'));
        });
      }
      return loading;
    },
    async detect(photo, { region = null, maxLongEdge }) {
      await client.load();
      const id = nextId++;
      return new Promise<FaceDetection[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`face detection took over ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        post({ type: 'detect', id, photo, region, maxLongEdge });
      });
    },
    close() {
      reset(new Error('face detector closed'));
    },
  };
  return client;
}

let shared: FaceDetectorClient | null = null;
const sharedClient = () => (shared ??= createFaceDetectorClient());

/** Starts loading once, while the person reads earlier screens; never rejects unhandled. */
export function prefetchFaceDetector(): Promise<void> {
  const ready = typeof Worker === 'undefined' ? Promise.reject(new Error('no Worker')) : sharedClient().load();
  ready.catch(() => undefined);
  return ready;
}

/** Faces in a still photo (see DetectOptions); rejects when detection cannot run here. */
export function detectFacesInPhoto(photo: Blob, options: DetectOptions): Promise<FaceDetection[]> {
  if (typeof Worker === 'undefined') return Promise.reject(new Error('no Worker'));
  return sharedClient().detect(photo, options);
}
