// The document screen's engine: grabs small frames from the <video> (never the element itself:
// see video-frame.ts), sends them one at a time to a Worker that finds and judges the card, and
// hands its updates to subscribers. Also checks whole still photos for a document.
import type { DocumentHint, NormPoint, NormRect } from '../../vision/document/types';
import type { PhotoFinding } from '../../vision/document/find-in-photo';
import { FINDER_LONG_EDGE } from '../../vision/document/find-in-photo';
import { createFrameGrabber, type GrabbedFrame } from './frame-grabber';
import type { FromDocumentWorker, ToDocumentWorker } from './workers/document-protocol';

export interface DocumentEngineUpdate {
  hint: DocumentHint;
  /** True once, when the picture should be taken now (again only after reset()). */
  capture: boolean;
  corners: NormPoint[] | null;
  /** The Worker's analysis time for this frame, ms. */
  analyseMs: number;
}

export interface DocumentEngine {
  start(video: HTMLVideoElement, getGuide: () => NormRect): void;
  stop(): void;
  reset(): void;
  /**
   * The other side already accepted (the front's photo, on the back step): frames whose card
   * still looks like it are held back as 'turn-over'. Null forgets it.
   */
  setReference(photo: Blob | null): void;
  subscribe(cb: (update: DocumentEngineUpdate) => void): () => void;
  dispose(): void;
}

export interface DocumentEngineOptions {
  createWorker?: () => Worker;
  grab?: (video: HTMLVideoElement) => Promise<GrabbedFrame | null>;
  requestFrame?: (callback: (timeMs: number) => void) => number;
  cancelFrame?: (id: number) => void;
  now?: () => number;
}

/** Frames per second analysed: enough for a steady "hold still", cool on a cheap phone. */
export const DOCUMENT_FPS = 12;

const newWorker = () => new Worker(new URL('./workers/document-worker.ts', import.meta.url));

export function createDocumentEngine(options: DocumentEngineOptions = {}): DocumentEngine {
  if (!options.createWorker && (typeof Worker === 'undefined' || typeof createImageBitmap === 'undefined')) {
    throw new Error('this browser cannot run the document engine (no Worker or createImageBitmap)');
  }
  const worker = (options.createWorker ?? newWorker)();
  const requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((id) => cancelAnimationFrame(id));
  const now = options.now ?? (() => performance.now());
  const grab = options.grab ?? createFrameGrabber(FINDER_LONG_EDGE);
  const listeners = new Set<(u: DocumentEngineUpdate) => void>();
  let running = false;
  let busy = false;
  let raf: number | null = null;
  let lastSent = -Infinity;
  let nextId = 1;
  const send = (message: ToDocumentWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);

  worker.onmessage = (event: MessageEvent<FromDocumentWorker>) => {
    const m = event.data;
    if (m.type !== 'frame' && m.type !== 'error') return;
    busy = false;
    if (m.type === 'frame' && running) {
      const update = { hint: m.analysis.hint, capture: m.capture, corners: m.analysis.corners, analyseMs: m.analyseMs };
      for (const l of listeners) l(update);
    }
  };

  function tick(video: HTMLVideoElement, getGuide: () => NormRect) {
    if (!running) return;
    raf = requestFrame(() => tick(video, getGuide));
    const t = now();
    if (busy || t - lastSent < 1000 / DOCUMENT_FPS) return;
    busy = true;
    lastSent = t;
    void grab(video).then((bitmap) => {
      if (!bitmap || !running) { busy = false; bitmap?.close(); return; }
      send({ type: 'frame', id: nextId++, bitmap, guide: getGuide(), atMs: t }, [bitmap]);
    }, () => { busy = false; });
  }

  return {
    start(video, getGuide) {
      if (running) return;
      running = true;
      tick(video, getGuide);
    },
    stop() {
      running = false;
      busy = false;
      if (raf !== null) cancelFrame(raf);
      raf = null;
      send({ type: 'reset' });
    },
    reset() {
      send({ type: 'reset' });
    },
    setReference(photo) {
      if (!photo) { send({ type: 'reference', bitmap: null }); return; }
      // Undecodable here: no reference, so no gate; the server compares the sides anyway.
      void createImageBitmap(photo).then((bitmap) => send({ type: 'reference', bitmap }, [bitmap]), () => undefined);
    },
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    dispose() {
      running = false;
      listeners.clear();
      worker.terminate();
    },
  };
}

/** A still photo's finding; `sameSide` when it was compared with the other side's photo. */
export type PhotoCheck = PhotoFinding & { sameSide?: boolean | null };

/**
 * Is there a document in a whole photo, and (given the other side's photo) is it that side
 * again? Runs the finder in a short-lived Worker (a picked file can be 12 MP: decoding and
 * reading it stays off the main thread).
 */
export async function checkDocumentPhoto(blob: Blob, otherSide: Blob | null = null, createWorker: () => Worker = newWorker): Promise<PhotoCheck> {
  const bitmap = await createImageBitmap(blob);
  const reference = otherSide ? await createImageBitmap(otherSide).catch(() => undefined) : undefined;
  const worker = createWorker();
  try {
    return await new Promise<PhotoCheck>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<FromDocumentWorker>) => {
        const m = event.data;
        if (m.type === 'photo') resolve({ ...m.finding, sameSide: m.sameSide });
        else if (m.type === 'error') reject(new Error(m.message));
      };
      worker.onerror = (e) => reject(new Error(e.message || 'document worker failed'));
      const message: ToDocumentWorker = { type: 'photo', id: 1, bitmap, ...(reference ? { reference } : {}) };
      worker.postMessage(message, reference ? [bitmap, reference] : [bitmap]);
    });
  } finally {
    worker.terminate();
  }
}
