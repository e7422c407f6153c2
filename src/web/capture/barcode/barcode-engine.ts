// The licence back's barcode engine: crops the guide's part of live frames at the camera's own
// resolution (the card finder's small frames hold too few pixels for a PDF417's modules) and
// hands them, one at a time, to a Worker that decodes them. Loaded only on that step.
import type { NormRect } from '../../../vision/document/types';
import { hasVideoFrame } from '../video-frame';
import type { FromBarcodeWorker, ToBarcodeWorker } from './barcode-protocol';
import { SWEEP_DEG, sweepAngle } from './barcode-sweep';

export interface BarcodeUpdate {
  /** A PDF417 was decoded in this frame; `aamva` when it holds licence data. */
  decoded: boolean;
  aamva: boolean;
  /** Frames decoded so far without a read (for "move closer" after a while). */
  misses: number;
  decodeMs: number;
}

export interface BarcodeEngine {
  start(video: HTMLVideoElement, getGuide: () => NormRect): void;
  stop(): void;
  subscribe(cb: (update: BarcodeUpdate) => void): () => void;
  dispose(): void;
}

/** Frames decoded a second at most: a decode takes 50–300 ms on a phone, and the card finder shares the cores. */
export const BARCODE_FPS = 4;
/** Share of the guide's size added on each side: a card held a little off the guide keeps its barcode. */
const MARGIN = 0.12;
/** Long edge of the crop sent, px: ~2 px a module for a licence's PDF417 filling the guide of a 1080p frame. */
const MAX_EDGE = 1600;

const newWorker = () => new Worker(new URL('./barcode-worker.ts', import.meta.url));

/** The guide grown by MARGIN, in the frame's pixels, inside it. */
export function cropOf(guide: NormRect, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const x0 = Math.max(0, guide.x - guide.width * MARGIN);
  const y0 = Math.max(0, guide.y - guide.height * MARGIN);
  const x1 = Math.min(1, guide.x + guide.width * (1 + MARGIN));
  const y1 = Math.min(1, guide.y + guide.height * (1 + MARGIN));
  return { x: Math.round(x0 * width), y: Math.round(y0 * height), w: Math.max(1, Math.round((x1 - x0) * width)), h: Math.max(1, Math.round((y1 - y0) * height)) };
}

export function createBarcodeEngine(createWorker: () => Worker = newWorker): BarcodeEngine {
  const worker = createWorker();
  const listeners = new Set<(u: BarcodeUpdate) => void>();
  let running = false;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let misses = 0;
  let nextId = 1;
  /** Decodes sent in this live session: the n-th is turned by sweepAngle(n). */
  let sent = 0;

  worker.onmessage = (event: MessageEvent<FromBarcodeWorker>) => {
    busy = false;
    const m = event.data;
    if (!running || m.type !== 'frame') return;
    if (!m.decoded) misses++;
    for (const l of listeners) l({ decoded: m.decoded, aamva: m.aamva, misses, decodeMs: m.decodeMs });
  };

  async function grab(video: HTMLVideoElement, guide: NormRect): Promise<ImageBitmap | null> {
    if (!hasVideoFrame(video)) return null;
    const c = cropOf(guide, video.videoWidth, video.videoHeight);
    const scale = Math.min(1, MAX_EDGE / Math.max(c.w, c.h));
    return createImageBitmap(video, c.x, c.y, c.w, c.h, { resizeWidth: Math.round(c.w * scale), resizeHeight: Math.round(c.h * scale), resizeQuality: 'high' });
  }

  function tick(video: HTMLVideoElement, getGuide: () => NormRect) {
    if (!running) return;
    timer = setTimeout(() => tick(video, getGuide), 1000 / BARCODE_FPS);
    if (busy) return;
    busy = true;
    void grab(video, getGuide()).then((bitmap) => {
      if (!bitmap || !running) { busy = false; bitmap?.close(); return; }
      const message: ToBarcodeWorker = { type: 'frame', id: nextId++, bitmap, angleDeg: sweepAngle(sent++) };
      worker.postMessage(message, [bitmap]);
    }, () => { busy = false; });
  }

  return {
    start(video, getGuide) {
      if (running) return;
      running = true;
      misses = 0;
      sent = 0;
      tick(video, getGuide);
    },
    stop() {
      running = false;
      busy = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    dispose() {
      running = false;
      if (timer !== null) clearTimeout(timer);
      listeners.clear();
      worker.terminate();
    },
  };
}

/** Long edge a still is decoded at, px: the upload's own size (encode-image's document maximum). */
const STILL_EDGE = 2400;

/**
 * Does a still photo's PDF417 decode here? For the preview of a shutter photo or a picked file
 * (a live capture decoded already). Tried level, then at the sweep's other turns until one reads
 * (a card photographed at a slant is not told to retake). A short-lived Worker; null when it
 * cannot run (the server reads the barcode again anyway).
 */
export async function decodeBarcodeStill(blob: Blob, createWorker: () => Worker = newWorker): Promise<boolean | null> {
  let worker: Worker | null = null;
  try {
    const probe = await createImageBitmap(blob);
    const scale = Math.min(1, STILL_EDGE / Math.max(probe.width, probe.height));
    const bitmap = scale < 1
      ? await createImageBitmap(probe, { resizeWidth: Math.round(probe.width * scale), resizeHeight: Math.round(probe.height * scale), resizeQuality: 'high' })
      : probe;
    if (bitmap !== probe) probe.close();
    const w = createWorker();
    worker = w;
    const once = (angleDeg: number, frame: ImageBitmap) => new Promise<boolean | null>((resolve) => {
      w.onmessage = (event: MessageEvent<FromBarcodeWorker>) => resolve(event.data.type === 'frame' ? event.data.decoded : null);
      w.onerror = () => resolve(null);
      const message: ToBarcodeWorker = { type: 'frame', id: angleDeg + 100, bitmap: frame, angleDeg };
      w.postMessage(message, [frame]);
    });
    for (const angleDeg of SWEEP_DEG) {
      const last = angleDeg === SWEEP_DEG[SWEEP_DEG.length - 1];
      // The Worker takes the bitmap it is sent: every turn but the last gets a copy.
      const frame = last ? bitmap : await createImageBitmap(bitmap);
      const read = await once(angleDeg, frame);
      if (read !== false) {
        if (!last) bitmap.close();
        return read;
      }
    }
    return false;
  } catch {
    return null;
  } finally {
    worker?.terminate();
  }
}
