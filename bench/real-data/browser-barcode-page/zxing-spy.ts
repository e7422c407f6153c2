// Bench only (browser-barcode-bench.ts): stands in for 'zxing-wasm/reader' inside the capture
// screen's barcode Worker (src/web/capture/barcode/barcode-worker.ts), which is bundled and run
// unchanged. It passes every call through to zxing-wasm and adds to each message the Worker posts
// what the product does not send back: the decoded text (to compare with the source's payload)
// and the time spent inside readBarcodes.
import { prepareZXingModule, readBarcodes as zxingReadBarcodes } from 'zxing-wasm/reader';

export { prepareZXingModule };

/** What the last readBarcodes call gave: the text of the first valid symbol (what the Worker takes). */
const seen: { text: string | null; zxingMs: number; calls: number } = { text: null, zxingMs: 0, calls: 0 };

const scope = self as unknown as { postMessage(message: unknown, transfer?: Transferable[]): void };
const post = scope.postMessage.bind(scope);
scope.postMessage = (message, transfer) => post(message && typeof message === 'object' ? { ...message, bench: { ...seen } } : message, transfer ?? []);

export async function readBarcodes(...args: Parameters<typeof zxingReadBarcodes>): ReturnType<typeof zxingReadBarcodes> {
  const started = performance.now();
  const results = await zxingReadBarcodes(...args);
  seen.zxingMs = performance.now() - started;
  seen.calls++;
  seen.text = results.find((r) => r.isValid)?.text ?? null;
  return results;
}
