import { parentPort } from 'node:worker_threads';
import { createMrzReader } from '../mrz/read-mrz';
import { createBarcodeReader } from '../barcode/read-barcode';
import { loadPpOcr } from '../ocr/pp-ocr';
import { ppOcrMrzBand, ppOcrVisualZone } from './printed-reader';
import { analyseSession } from './analyse-session';
import { loadFaceEngine } from './face-engine';
import type { WorkerRequest, WorkerResponse } from './analysis-protocol';

// One session at a time: the models are not re-entrant and the machine has few cores; the pool
// on the main thread queues. Models load once, on the first request (or 'warm').
const port = parentPort!;
let engines: Promise<{ face: Awaited<ReturnType<typeof loadFaceEngine>>; mrz: ReturnType<typeof createMrzReader>; barcode: ReturnType<typeof createBarcodeReader>; printed: Awaited<ReturnType<typeof loadPpOcr>> }> | null = null;
const load = () => (engines ??= (async () => {
  // PP-OCR reads the printed visual zone (names, a licence's front) and is the MRZ's second engine; tesseract's OCR-B model reads the MRZ.
  const printed = await loadPpOcr();
  const mrz = createMrzReader({ visualZone: ppOcrVisualZone(printed), otherEngine: ppOcrMrzBand(printed) });
  await mrz.warm();
  return { face: await loadFaceEngine(), mrz, barcode: createBarcodeReader(), printed };
})());

let queue: Promise<unknown> = Promise.resolve();
port.on('message', (req: WorkerRequest) => {
  queue = queue.then(async () => {
    let res: WorkerResponse;
    try {
      const started = Date.now();
      const e = await load();
      res = req.kind === 'warm'
        ? { id: req.id, ok: true, warmMs: Date.now() - started }
        : { id: req.id, ok: true, analysis: await analyseSession(req.media, e) };
    } catch (err) {
      res = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(res);
  });
});
