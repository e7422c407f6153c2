// The selfie screen's face engine: grabs frames from the <video> (downscaled ImageBitmaps, never
// the element itself: see video-frame.ts), sends them one at a time to a Worker that runs
// MediaPipe FaceLandmarker, the guidance rules and the liveness judge (workers/face-session.ts),
// and hands the Worker's updates to subscribers.
import type { LivenessChallenge } from '../../contract/liveness-session';
import type { OvalGuide } from '../../vision/face/face-guidance';
import { assetUrl, WASM_PATH } from './face-detector';
import { createFrameGrabber, type GrabbedFrame } from './frame-grabber';
import { MAX_LONG_EDGE, type FaceEngineUpdate, type FromWorker, type ToWorker } from './workers/face-protocol';

export type { FaceEngineHint } from '../../vision/face/face-guidance';
export type { FaceEngineUpdate } from './workers/face-protocol';

export const LANDMARKER_MODEL_PATH = 'models/face_landmarker.task';
/** Frames per second sent while positioning; a challenge sends more so a blink is not missed. */
export const GUIDANCE_FPS = 15;
export const CHALLENGE_FPS = 24;

export interface FaceEngineStartOptions {
  /**
   * Whether the preview is shown mirrored. The analysed frames never are, and getOval() already
   * answers in frame coordinates (view-geometry.ts unmirrors it), so the engine only records it:
   * yaw is always in the person's own terms (positive = their left), whatever the preview shows.
   */
  mirrored: boolean;
  getOval: () => OvalGuide;
}

export interface FaceEngine {
  /** Memoised; rejects if the model or WASM cannot load; a later call after a failure retries. */
  load(): Promise<void>;
  start(video: HTMLVideoElement, opts: FaceEngineStartOptions): void;
  stop(): void;
  /** Judged against the neutral pose of the last ~0.5 s of guidance frames. */
  startChallenge(challenge: LivenessChallenge): void;
  cancelChallenge(): void;
  subscribe(cb: (update: FaceEngineUpdate) => void): () => void;
  dispose(): void;
}

export interface FaceEngineOptions {
  /** App base URL the model and WASM are served under; default Vite's BASE_URL. */
  baseUrl?: string;
  // Injection points for tests.
  createWorker?: () => Worker;
  grab?: (video: HTMLVideoElement) => Promise<GrabbedFrame | null>;
  requestFrame?: (callback: (timeMs: number) => void) => number;
  cancelFrame?: (id: number) => void;
  now?: () => number;
}

export function createFaceEngine(options: FaceEngineOptions = {}): FaceEngine {
  if (!options.createWorker && (typeof Worker === 'undefined' || typeof createImageBitmap === 'undefined')) {
    throw new Error('this browser cannot run the face engine (no Worker or createImageBitmap)');
  }
  // No `type: 'module'`: a classic worker (see face-worker.ts).
  const createWorker = options.createWorker ?? (() => new Worker(new URL('./workers/face-worker.ts', import.meta.url)));
  const baseUrl = options.baseUrl ?? import.meta.env?.BASE_URL ?? '/';
  const requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((id) => cancelAnimationFrame(id));
  const now = options.now ?? (() => performance.now());
  let grab = options.grab ?? null;

  const listeners = new Set<(update: FaceEngineUpdate) => void>();
  let worker: Worker | null = null;
  let loading: Promise<void> | null = null;
  let pendingLoad: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  let loaded = false;
  let disposed = false;
  let video: HTMLVideoElement | null = null;
  let startOptions: FaceEngineStartOptions | null = null;
  let running = false;
  let frameId: number | null = null;
  // The id of the frame the Worker is analysing (0: none); only one is ever in flight.
  let inFlight = 0;
  let grabbing = false;
  let nextId = 1;
  let lastSentAt = -Infinity;
  let challengeActive = false;

  const emit = (update: FaceEngineUpdate) => {
    for (const listener of [...listeners]) listener(update);
  };
  const post = (message: ToWorker, transfer: Transferable[] = []) => worker?.postMessage(message, transfer);

  function settleLoad(error?: unknown): void {
    const pending = pendingLoad;
    pendingLoad = null;
    if (error === undefined) {
      loaded = true;
      pending?.resolve();
    } else {
      pending?.reject(error);
    }
  }

  function failRunning(error: unknown): void {
    inFlight = 0;
    if (!running) return;
    stopLoop();
    emit({ kind: 'error', error });
  }

  function onMessage(event: MessageEvent<FromWorker>): void {
    const message = event.data;
    if (message.type === 'loaded') settleLoad();
    else if (message.type === 'load-failed') settleLoad(new Error(message.message));
    else if (message.id !== inFlight) return; // a frame sent before stop()
    else if (message.type === 'frame-failed') failRunning(new Error(message.message));
    else {
      inFlight = 0;
      for (const update of message.updates) {
        if (update.kind === 'challenge-done') challengeActive = false;
        emit(update);
      }
    }
  }

  function ensureWorker(): Worker {
    if (!worker) {
      const created = createWorker();
      created.onmessage = onMessage;
      created.onerror = (event) => {
        const error = new Error(event.message || 'face worker failed');
        if (pendingLoad) settleLoad(error);
        else failRunning(error);
      };
      worker = created;
    }
    return worker;
  }

  async function sendFrame(): Promise<void> {
    grabbing = true;
    let bitmap: GrabbedFrame | null = null;
    try {
      grab ??= createFrameGrabber(MAX_LONG_EDGE);
      bitmap = await grab(video!);
    } catch {
      // No frame this time (the video is resizing or not playing yet).
    } finally {
      grabbing = false;
    }
    if (!bitmap) return;
    if (!running || !worker || !startOptions) {
      bitmap.close();
      return;
    }
    inFlight = nextId++;
    post({ type: 'frame', id: inFlight, bitmap, atMs: now(), oval: startOptions.getOval() }, [bitmap]);
  }

  function tick(timeMs: number): void {
    if (!running) return;
    frameId = requestFrame(tick);
    if (!loaded || inFlight || grabbing) return;
    // Small slack so a 60 Hz display does not alternate between two rates.
    if (timeMs - lastSentAt < 1000 / (challengeActive ? CHALLENGE_FPS : GUIDANCE_FPS) - 2) return;
    lastSentAt = timeMs;
    void sendFrame();
  }

  function stopLoop(): void {
    running = false;
    inFlight = 0;
    if (frameId !== null) cancelFrame(frameId);
    frameId = null;
  }

  const engine: FaceEngine = {
    load() {
      if (disposed) return Promise.reject(new Error('face engine disposed'));
      if (!loading) {
        const attempt = new Promise<void>((resolve, reject) => {
          pendingLoad = { resolve, reject };
          ensureWorker();
          post({ type: 'init', wasmUrl: assetUrl(baseUrl, WASM_PATH), modelUrl: assetUrl(baseUrl, LANDMARKER_MODEL_PATH) });
        });
        loading = attempt;
        attempt.catch(() => {
          if (loading !== attempt) return;
          // Start afresh next time: a new Worker, a new load.
          loading = null;
          loaded = false;
          worker?.terminate();
          worker = null;
        });
      }
      return loading;
    },
    start(nextVideo, opts) {
      if (disposed) return;
      if (running) stopLoop();
      video = nextVideo;
      startOptions = opts;
      running = true;
      lastSentAt = -Infinity;
      // Frames flow once loaded; a failed load is reported by the caller's own load().
      engine.load().catch(() => undefined);
      frameId = requestFrame(tick);
    },
    stop() {
      stopLoop();
      challengeActive = false;
      post({ type: 'reset' });
    },
    startChallenge(challenge) {
      challengeActive = true;
      post({ type: 'start-challenge', challenge, atMs: now() });
    },
    cancelChallenge() {
      challengeActive = false;
      post({ type: 'cancel-challenge' });
    },
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    dispose() {
      stopLoop();
      disposed = true;
      listeners.clear();
      settleLoad(new Error('face engine disposed'));
      worker?.terminate();
      worker = null;
    },
  };
  return engine;
}
