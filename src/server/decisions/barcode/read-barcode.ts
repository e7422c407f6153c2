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
  /**
   * The PDF417 of a photo (any format sharp decodes; EXIF orientation applied). With `wanted`,
   * a decode it refuses (junk ZXing took for a symbol, a boarding pass) does not end the search:
   * the first wanted one wins, else the first decoded.
   */
  read(image: Buffer, wanted?: (text: string) => boolean): Promise<BarcodeReading>;
}

/**
 * Tilts tried last, degrees. ZXing's PDF417 detector holds about ±3° (measured on drawn
 * symbols), but the levelled card does that work on nearly every real photo: on 364 pictures of
 * 52 real symbols tilt passes gave 1 decode of 271 and most of a miss's time, so only two
 * steps a side are kept, for a card the finder does not see.
 */
const TILTS = [10, -10, 20, -20];
/**
 * Scales tried, of the card's view and of the whole picture. Dense licence symbols decode at
 * some scales and not at their neighbours (a real Californian back: ×2 and ×0.8, not ×1, ×1.25
 * or ×1.5), so both directions are tried on both.
 */
const CARD_SCALES = [1.6, 0.6];
const WHOLE_SCALES = [2, 0.8];
/** Largest long edge a scaled pass may make, px (a ×2 of a 3000 px photo is not worth its memory). */
const MAX_SCALED_EDGE = 4000;
/** Long edge of the whole picture for the tilt passes, px (each pass ~40–150 ms at this size). */
const TILT_EDGE = 2000;

const OPTIONS: ReaderOptions = { formats: ['PDF417'], textMode: 'Plain', tryHarder: true, tryRotate: true, tryInvert: false, tryDownscale: true, maxNumberOfSymbols: 1 };

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
    async read(image, wanted = () => true) {
      const started = Date.now();
      let tries = 0;
      let fallback: { text: string; via: string } | null = null;
      const hit = (text: string, via: string): BarcodeReading => ({ found: true, text, via, tries, ms: Date.now() - started });
      /** A wanted decode ends the search; another is kept in case nothing better comes. */
      const attempt = async (img: GreyImage, via: string): Promise<BarcodeReading | null> => {
        tries++;
        const text = await decodePdf417(img);
        if (text === null) return null;
        if (wanted(text)) return hit(text, via);
        fallback ??= { text, via };
        return null;
      };
      const img = await decode(image);
      if (!img) return { found: false, tries, ms: Date.now() - started };
      const passes: (() => Promise<BarcodeReading | null>)[] = [() => attempt(img, 'whole')];
      let card: Awaited<ReturnType<typeof cardView>> | null = null;
      passes.push(async () => {
        card = await cardView(img);
        return card.found || card.tilt !== 0 ? attempt(card.image, card.found ? `card levelled ${card.tilt}°` : `levelled ${card.tilt}°`) : null;
      });
      for (const f of CARD_SCALES) {
        passes.push(async () => (card && Math.max(card.image.width, card.image.height) * f <= MAX_SCALED_EDGE ? attempt(await scaled(card.image, f), `card ×${f}`) : null));
      }
      for (const f of WHOLE_SCALES) {
        passes.push(async () => (Math.max(img.width, img.height) * f <= MAX_SCALED_EDGE ? attempt(await scaled(img, f), `whole ×${f}`) : null));
      }
      const long = Math.max(img.width, img.height);
      let base: GreyImage | null = null;
      for (const deg of TILTS) {
        passes.push(async () => {
          base ??= long > TILT_EDGE ? await scaled(img, TILT_EDGE / long) : img;
          return attempt((await rotate(base, deg)).image, `turned ${deg}°`);
        });
      }
      for (const pass of passes) {
        const found = await pass();
        if (found) return found;
      }
      const kept = fallback as { text: string; via: string } | null;
      return kept ? hit(kept.text, kept.via) : { found: false, tries, ms: Date.now() - started };
    },
  };
}
