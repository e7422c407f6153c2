import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { GreyImage } from '../../../vision/document/types';
import { decode, rotate } from '../mrz/mrz-image';
import { cardView } from '../mrz/mrz-views';

/**
 * What the server read of a document's PDF417 (the barcode on the back of US and Canadian
 * licences and ID cards). `found: false` also for bytes that are no image: a back without a
 * readable barcode is a finding, not an error. `tries` and `ms` say what it cost.
 */
export type BarcodeReading =
  | { found: true; text: string; via: string; tries: number; ms: number }
  | { found: false; tries: number; ms: number };

export interface BarcodeReader {
  /** The PDF417 of a photo (any format sharp decodes; EXIF orientation applied). */
  read(image: Buffer): Promise<BarcodeReading>;
}

/**
 * Tilts tried when the straight and the levelled card did not decode, degrees. ZXing's PDF417
 * detector holds about ±3° (measured on drawn symbols: 3° decodes, 4° does not), so 5° steps
 * leave no gap; ±25° covers a card held loosely (the capture screen asks for less).
 */
const TILTS = [5, -5, 10, -10, 15, -15, 20, -20, 25, -25];
/** Scales tried on the card's view: a small symbol blown up, a large noisy one brought down. */
const SCALES = [1.6, 0.6];
/** Long edge of the whole picture for the tilt passes, px (each pass ~40–150 ms at this size). */
const TILT_EDGE = 2000;

const OPTIONS: ReaderOptions = { formats: ['PDF417'], tryHarder: true, tryRotate: true, tryInvert: false, tryDownscale: true, maxNumberOfSymbols: 1 };

let prepared = false;
/**
 * ZXing's WebAssembly from node_modules, given as bytes: left to itself the package fetches it
 * from a CDN, which must never see that a verification happened (and may not be reachable).
 */
function prepare(): void {
  if (prepared) return;
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  prepared = true;
}

/** Grey pixels as the RGBA ImageData ZXing takes. */
function rgba(img: GreyImage): { data: Uint8ClampedArray; width: number; height: number; colorSpace: 'srgb' } {
  const data = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
    const v = img.data[i]!;
    data[j] = v; data[j + 1] = v; data[j + 2] = v; data[j + 3] = 255;
  }
  return { data, width: img.width, height: img.height, colorSpace: 'srgb' };
}

/** A grey image resized by `factor` (sharp's default Lanczos: a symbol's modules stay crisp). */
async function scaled(img: GreyImage, factor: number): Promise<GreyImage> {
  const width = Math.max(16, Math.round(img.width * factor));
  const { data, info } = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(width).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
}

/** One decode attempt; null when nothing was decoded (ZXing reports failures as empty results). */
export async function decodePdf417(img: GreyImage): Promise<string | null> {
  prepare();
  const results = await readBarcodes(rgba(img) as unknown as ImageData, OPTIONS);
  const hit = results.find((r) => r.isValid && r.format === 'PDF417');
  return hit ? hit.text : null;
}

/**
 * Reads a document photo's PDF417 again on the server (the browser's read is never trusted):
 * at the upload's full resolution (up to 3000 px, mrz-image.ts), then on the card found and
 * levelled, at other scales, and at tilts beyond what ZXing's detector holds. The first decode
 * wins: PDF417's error correction makes a decoded payload exact, never a near miss.
 */
export function createBarcodeReader(): BarcodeReader {
  return {
    async read(image) {
      const started = Date.now();
      let tries = 0;
      const done = (text: string | null, via: string): BarcodeReading | null => (text === null ? null
        : { found: true, text, via, tries, ms: Date.now() - started });
      const attempt = async (img: GreyImage, via: string) => {
        tries++;
        return done(await decodePdf417(img), via);
      };
      const img = await decode(image);
      if (!img) return { found: false, tries, ms: Date.now() - started };
      const straight = await attempt(img, 'whole');
      if (straight) return straight;
      const card = await cardView(img);
      if (card.found || card.tilt !== 0) {
        const levelled = await attempt(card.image, card.found ? `card levelled ${card.tilt}°` : `levelled ${card.tilt}°`);
        if (levelled) return levelled;
      }
      for (const factor of SCALES) {
        const hit = await attempt(await scaled(card.image, factor), `card ×${factor}`);
        if (hit) return hit;
      }
      const base = Math.max(img.width, img.height) > TILT_EDGE ? await scaled(img, TILT_EDGE / Math.max(img.width, img.height)) : img;
      for (const deg of TILTS) {
        const hit = await attempt((await rotate(base, deg)).image, `turned ${deg}°`);
        if (hit) return hit;
      }
      return { found: false, tries, ms: Date.now() - started };
    },
  };
}
