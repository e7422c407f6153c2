// The barcode Worker: reads one cropped frame at a time with ZXing (zxing-wasm's reader build).
// Its WebAssembly is bundled by Vite and served from our own origin (never the package's CDN
// default), and this file is loaded only by the back step of a licence (barcode-engine.ts).
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { FromBarcodeWorker, ToBarcodeWorker } from './barcode-protocol';
import { rotatedSize } from './barcode-sweep';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToBarcodeWorker>) => void) | null;
  postMessage(message: FromBarcodeWorker): void;
}

const scope = self as unknown as WorkerScope;
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path) } });
let canvas: OffscreenCanvas | null = null;

/** An AAMVA payload's opening: the compliance indicator, then "ANSI " (or "AAMVA" in old ones) within the header. */
const looksAamva = (text: string) => text.startsWith('@') && /ANSI ?\d|AAMVA/.test(text.slice(0, 40));

async function decode(bitmap: ImageBitmap, angleDeg: number): Promise<{ decoded: boolean; aamva: boolean }> {
  // Turned, the picture's bounding box grows so no corner of it is lost; the rest is white (a
  // light margin, as a card on a table, rather than black that ZXing could take for bars).
  const size = rotatedSize(bitmap.width, bitmap.height, angleDeg);
  canvas ??= new OffscreenCanvas(size.width, size.height);
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error('2D OffscreenCanvas is not available');
  if (angleDeg === 0) ctx.drawImage(bitmap, 0, 0);
  else {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.translate(size.width / 2, size.height / 2);
    ctx.rotate((-angleDeg * Math.PI) / 180);
    ctx.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }
  const pixels = ctx.getImageData(0, 0, size.width, size.height);
  // tryHarder: a phone's frame is soft; one symbol is all a licence has.
  const results = await readBarcodes(pixels, { formats: ['PDF417'], textMode: 'Plain', tryHarder: true, tryRotate: false, maxNumberOfSymbols: 1 });
  const hit = results.find((r) => r.isValid);
  return { decoded: !!hit, aamva: hit ? looksAamva(hit.text) : false };
}

scope.onmessage = (event) => {
  const m = event.data;
  const started = performance.now();
  void decode(m.bitmap, m.angleDeg).then(
    (r) => scope.postMessage({ type: 'frame', id: m.id, ...r, decodeMs: Math.round(performance.now() - started) }),
    (error: unknown) => scope.postMessage({ type: 'error', id: m.id, message: error instanceof Error ? error.message : String(error) }),
  ).finally(() => m.bitmap.close());
};
