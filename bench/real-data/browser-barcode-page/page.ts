// Bench only (browser-barcode-bench.ts): the capture screen's barcode decoding, driven by
// Playwright. Frames go through the product's engine (barcode-engine.ts: the guide's crop grown
// by its margin, brought under its long-edge limit with createImageBitmap, one decode in the
// Worker); stills through its decodeBarcodeStill (a picked file or a shutter photo). The only
// additions are the stand-in camera (a canvas holding the frame, in place of the <video>) and a
// listener on the Worker that reads the text the bench's zxing-spy.ts adds to each reply.
import { createBarcodeEngine, decodeBarcodeStill } from '../../../src/web/capture/barcode/barcode-engine';
import { SWEEP_DEG } from '../../../src/web/capture/barcode/barcode-sweep';
import type { FromBarcodeWorker } from '../../../src/web/capture/barcode/barcode-protocol';
import type { NormRect } from '../../../src/vision/document/types';

export interface BrowserDecode {
  decoded: boolean;
  /** The Worker's own AAMVA test (looksAamva in barcode-worker.ts). */
  aamva: boolean;
  /** The Worker's decodeMs: drawing the bitmap, reading its pixels, readBarcodes. */
  decodeMs: number;
  /** Time inside readBarcodes alone. */
  zxingMs: number;
  text: string | null;
  /** From handing the frame (or the still) to the engine to its answer, in the page. */
  roundTripMs: number;
  /** Live frames decoded until the read (or the whole sweep, unread): 1 for a still. */
  frames: number;
  /** Pixels the Worker decoded. */
  width: number;
  height: number;
}

type Reply = FromBarcodeWorker & { bench?: { text: string | null; zxingMs: number } };

let last: Reply | null = null;
/** The engine's Worker (the first one started): it stays warm. */
let liveWorker: Worker | null = null;
let lastSize = { width: 0, height: 0 };
let failed: ((why: Error) => void) | null = null;

/** The capture screen's Worker, started as barcode-engine.ts starts it; its replies watched first. */
function productWorker(): Worker {
  const worker = new Worker(new URL('../../../src/web/capture/barcode/barcode-worker.ts', import.meta.url));
  liveWorker ??= worker;
  worker.addEventListener('message', (event: MessageEvent<Reply>) => {
    last = event.data;
    if (event.data.type === 'error') failed?.(new Error(event.data.message));
  });
  const send = worker.postMessage.bind(worker) as (message: unknown, transfer: Transferable[]) => void;
  // The bitmap's size is gone once it is transferred: note it on the way.
  worker.postMessage = ((message: { bitmap?: ImageBitmap }, transfer: Transferable[]) => {
    if (message.bitmap) lastSize = { width: message.bitmap.width, height: message.bitmap.height };
    send(message, transfer);
  }) as Worker['postMessage'];
  return worker;
}

const engine = createBarcodeEngine(productWorker);

async function blobOf(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.blob();
}

/** A canvas holding the frame, answering as a playing <video> does where the engine asks. */
async function cameraShowing(url: string): Promise<HTMLVideoElement> {
  const bitmap = await createImageBitmap(await blobOf(url));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return Object.defineProperties(canvas, {
    readyState: { value: 4 },
    videoWidth: { value: canvas.width },
    videoHeight: { value: canvas.height },
  }) as unknown as HTMLVideoElement;
}

function answer(started: number, frames = 1): BrowserDecode {
  const m = last;
  if (!m || m.type !== 'frame') throw new Error('no reply from the Worker');
  return {
    decoded: m.decoded, aamva: m.aamva, decodeMs: m.decodeMs, zxingMs: m.bench?.zxingMs ?? Number.NaN,
    text: m.bench?.text ?? null, roundTripMs: performance.now() - started, frames, ...lastSize,
  };
}

/**
 * Live frames of one scene, as the back step decodes them: one decode a frame, each at the next
 * turn of the sweep (barcode-sweep.ts), until one reads or the sweep is done.
 */
async function frame(url: string, guide: NormRect): Promise<BrowserDecode> {
  const video = await cameraShowing(url);
  last = null;
  return new Promise<BrowserDecode>((resolve, reject) => {
    const timeout = setTimeout(() => done(new Error('no answer in 60 s')), 60_000);
    const done = (why: Error | null) => {
      clearTimeout(timeout);
      unsubscribe();
      engine.stop();
      failed = null;
      if (why) reject(why);
      else resolve(answer(started, count));
    };
    failed = done;
    let count = 0;
    const unsubscribe = engine.subscribe((u) => {
      count++;
      if (u.decoded || count >= SWEEP_DEG.length) done(null);
    });
    const started = performance.now();
    engine.start(video, () => guide);
  });
}

/** A still (the picture as published): the preview's check, each in its own short-lived Worker. */
async function still(url: string): Promise<BrowserDecode> {
  const blob = await blobOf(url);
  last = null;
  const started = performance.now();
  const decoded = await decodeBarcodeStill(blob, productWorker);
  const reply = last as Reply | null;
  if (decoded === null) throw new Error(reply?.type === 'error' ? reply.message : 'the still check could not run');
  return answer(started);
}

/**
 * A picture decoded whole by the engine's warm Worker, brought under `maxEdge` px: a still at the
 * size decodeBarcodeStill brings it to (STILL_EDGE, 2,400 px), for the decode's own cost without a
 * Worker's start; a whole frame (no crop, no resize) as the bench's control of the crop.
 */
async function stillWarm(url: string, maxEdge = 2400): Promise<BrowserDecode> {
  const probe = await createImageBitmap(await blobOf(url));
  const scale = Math.min(1, maxEdge / Math.max(probe.width, probe.height));
  const bitmap = scale < 1
    ? await createImageBitmap(probe, { resizeWidth: Math.round(probe.width * scale), resizeHeight: Math.round(probe.height * scale), resizeQuality: 'high' })
    : probe;
  if (bitmap !== probe) probe.close();
  const worker = liveWorker!;
  last = null;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const onReply = (event: MessageEvent<Reply>) => {
      worker.removeEventListener('message', onReply);
      if (event.data.type === 'error') reject(new Error(event.data.message));
      else resolve();
    };
    worker.addEventListener('message', onReply);
    worker.postMessage({ type: 'frame', id: 0, bitmap, angleDeg: 0 }, [bitmap]);
  });
  return answer(started);
}

declare global {
  interface Window {
    barcodeBench: { frame: typeof frame; still: typeof still; stillWarm: typeof stillWarm };
  }
}
window.barcodeBench = { frame, still, stillWarm };
document.body.dataset.ready = 'true';
