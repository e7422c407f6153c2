// The document Worker: frames arrive as ImageBitmaps or VideoFrames, are read through an OffscreenCanvas into
// grey pixels and analysed by the pure finder (src/vision/document). Classic worker, like the
// face one (vite.config.ts: worker.format 'iife').
import { downscale, rgbaToGrey } from '../../../vision/document/grey-ops';
import type { GreyImage } from '../../../vision/document/types';
import { FINDER_LONG_EDGE } from '../../../vision/document/find-in-photo';
import type { DocumentWork, FromDocumentWorker, ToDocumentWorker } from './document-protocol';
import { createDocumentSession } from './document-session';
import { frameBitmap } from './frame-bitmap';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToDocumentWorker>) => void) | null;
  postMessage(message: FromDocumentWorker): void;
}

const scope = self as unknown as WorkerScope;
const session = createDocumentSession();
let canvas: OffscreenCanvas | null = null;

/** Pixels of a bitmap as grey, at most twice the finder's size (stills are scaled again there). */
function toGrey(bitmap: ImageBitmap): GreyImage {
  const scale = Math.min(1, (FINDER_LONG_EDGE * 2) / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  canvas ??= new OffscreenCanvas(w, h);
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error('2D OffscreenCanvas is not available');
  ctx.drawImage(bitmap, 0, 0, w, h);
  return downscale(rgbaToGrey(ctx.getImageData(0, 0, w, h).data, w, h), FINDER_LONG_EDGE);
}

async function handle(message: ToDocumentWorker): Promise<void> {
  let work: DocumentWork;
  if (message.type === 'frame') {
    try {
      work = { ...message, bitmap: await frameBitmap(message.bitmap, FINDER_LONG_EDGE) };
    } catch (error) {
      scope.postMessage({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
      return;
    }
  } else {
    work = message;
  }
  const reply = session.handle(work, toGrey, () => performance.now());
  if (reply) scope.postMessage(reply);
}

scope.onmessage = (event) => {
  void handle(event.data);
};
