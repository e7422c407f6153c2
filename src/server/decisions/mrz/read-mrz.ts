import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { FINDER_LONG_EDGE, findDocumentInPhoto } from '../../../vision/document/find-in-photo';
import { boxBlur3, downscale, gradient } from '../../../vision/document/grey-ops';
import type { GreyImage } from '../../../vision/document/types';
import { checkOcrModel, ensureOcrData, OCR_LANG } from './ocr-data';
import { findMrzLines, parseMrz, type ParsedMrz } from './parse-mrz';

export type MrzReading = { found: false } | ({ found: true } & ParsedMrz);

export interface MrzReader {
  /**
   * The MRZ of a document photo (JPEG, PNG, WebP…; EXIF orientation applied). `found: false`
   * for a photo without a readable MRZ and for bytes that are no image; rejects only when the
   * OCR engine itself fails (no model, worker crash): that is the server's fault, not the photo's.
   */
  read(image: Buffer, today: Date): Promise<MrzReading>;
  /** Starts the OCR worker now (its start takes ~1.4 s), so the first read does not wait for it. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** Bigger photos are refused before decoding (a decompression bomb); 120 MP covers phone sensors. */
const MAX_INPUT_PIXELS = 120_000_000;
/** Long edge the photo is reduced to first, px: still ≥ 25 px a character for a card a third of the photo wide. */
const MAX_EDGE = 3000;
/**
 * Width a region is scaled to before OCR, px (the card's width, so a TD1 line spans ~0.9 of
 * it): ~20 px a character for a passport's 44, ~30 px for a card's 30. Measured on rendered
 * cards in 640x480 to 1920x1080 frames: upscaling small, soft photos further reads worse, so
 * the larger size is only the second look at an MRZ that was found but read with a fault.
 */
const OCR_WIDTH = 1000;
const OCR_WIDTH_RETRY = 1600;
/** Share of the card's height searched first: the MRZ's 3 lines (TD1) or 2 (passport) sit at the bottom. */
const BAND_SHARE = 0.45;
/** Steepest text tilt straightened, degrees; beyond it the search costs more than photos need. */
const MAX_SKEW_DEG = 8;
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const NOT_FOUND: MrzReading = { found: false };

/** A line of 25+ MRZ characters with a filler pair: MRZ text, if not (yet) a readable MRZ. */
const looksLikeMrz = (text: string) =>
  text.split('\n').some((l) => { const c = l.replace(/\s+/g, ''); return c.length >= 25 && c.includes('<<') && /^[A-Z0-9<]+$/.test(c); });

interface Region { left: number; top: number; width: number; height: number }

/** One byte per pixel, EXIF-upright, transparency on white; null for what sharp cannot decode. */
async function decode(image: Buffer): Promise<GreyImage | null> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate().flatten({ background: '#fff' }).toColourspace('b-w')
      .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1 || info.width < 16 || info.height < 16) return null;
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch {
    return null;
  }
}

function crop(img: GreyImage, r: Region): GreyImage {
  const data = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    const from = (r.top + y) * img.width + r.left;
    data.set(img.data.subarray(from, from + r.width), y * r.width);
  }
  return { width: r.width, height: r.height, data };
}

/** The card's box in the photo (2 % margin), or the whole photo when no card is found. */
function cardRegion(img: GreyImage): Region {
  const { corners } = findDocumentInPhoto(downscale(img, FINDER_LONG_EDGE * 2));
  if (!corners) return { left: 0, top: 0, width: img.width, height: img.height };
  const xs = corners.map((p) => p.x * img.width);
  const ys = corners.map((p) => p.y * img.height);
  const margin = 0.02 * img.width;
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(img.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(img.height, Math.ceil(Math.max(...ys) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * Tilt of the text lines, degrees, positive when they descend to the right (the photo turned
 * clockwise). Projection profile of edge pixels (character strokes, the card's border: not the
 * dark table around it, whose mass would hide the lines): they are summed along lines of each
 * candidate slope, and the slope that piles them into the fewest, fullest rows is the text's.
 */
export function textSkew(img: GreyImage): number {
  const small = downscale(img, 640);
  const { width: w, height: h } = small;
  const g = gradient(boxBlur3(small));
  // The strongest ~15 % of gradients: strokes, whatever the photo's contrast.
  const histogram = new Uint32Array(256);
  for (const v of g) histogram[v]!++;
  let threshold = 255;
  for (let n = 0; threshold > 20 && n < 0.15 * g.length; threshold--) n += histogram[threshold]!;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (g[y * w + x]! > threshold) { xs.push(x - w / 2); ys.push(y); }
  }
  if (xs.length < 50) return 0;
  const pad = Math.ceil((w / 2) * Math.tan((MAX_SKEW_DEG * Math.PI) / 180)) + 1;
  const rows = new Float64Array(h + 2 * pad);
  const score = (deg: number) => {
    const slope = Math.tan((deg * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i]! - xs[i]! * slope) + pad]! += 1;
    let s = 0;
    for (const r of rows) s += r * r;
    return s;
  };
  const best = (from: number, to: number, step: number, start: number) => {
    let angle = start;
    let top = score(start);
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = score(a);
      if (s > top) { top = s; angle = a; }
    }
    return angle;
  };
  const coarse = best(-MAX_SKEW_DEG, MAX_SKEW_DEG, 0.5, 0);
  return Math.round(best(coarse - 0.4, coarse + 0.4, 0.1, coarse) * 10) / 10;
}

/** A region of the photo as tesseract gets it: upright, straightened, scaled, stretched contrast. */
async function prepare(img: GreyImage, r: Region, upsideDown: boolean, width: number): Promise<Buffer> {
  const region = crop(img, r);
  const skew = textSkew(region);
  // Under half a degree the lines stay within a character's height: not worth a resample.
  const turn = (upsideDown ? 180 : 0) - (Math.abs(skew) < 0.5 ? 0 : skew);
  const raw = { raw: { width: region.width, height: region.height, channels: 1 as const } };
  return sharp(Buffer.from(region.data.buffer, region.data.byteOffset, region.data.length), raw)
    .rotate(turn, { background: '#fff' })
    // A region far taller than wide (a strip of a photo) is no MRZ: cap it rather than feed tesseract a tower.
    .resize(width, 2 * width, { fit: 'inside' })
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function startWorker(langPath?: string): Promise<Worker> {
  const dir = langPath ?? await ensureOcrData();
  // A damaged model would make tesseract.js crash the process (see checkOcrModel): refuse it first.
  await checkOcrModel(dir);
  // tesseract.js throws a failed job's error from its message listener (uncaught: the process
  // dies) unless it has an errorHandler; with one, the job's promise rejects, but a start that
  // fails after loading never settles: the handler ends it.
  let failStart: (err: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => { failStart = reject; });
  const w = await Promise.race([
    createWorker(OCR_LANG, OEM.LSTM_ONLY, {
      langPath: dir, gzip: false, cacheMethod: 'none',
      errorHandler: (e: unknown) => failStart(new Error(`tesseract.js: ${String(e)}`)),
    }),
    failed,
  ]);
  await w.setParameters({
    tessedit_char_whitelist: MRZ_ALPHABET,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // Our PNGs carry no resolution; tesseract would guess one and warn on every page.
    user_defined_dpi: '300',
  });
  return w;
}

/**
 * Reads the MRZ of a document photo with tesseract.js and the OCR-B model, then validates it
 * (parse-mrz). One tesseract worker, made on first use and reused; calls are serialised. The
 * card is located (the capture screens' document finder), each region straightened (textSkew)
 * and OCR'd; at most three passes a photo (~0.2–0.4 s each): the card's bottom band; then either
 * the same band larger (MRZ text was there but did not check) or the top band turned over (a
 * card held upside down); then the whole card. The first reading whose checks all hold wins,
 * else the one with the fewest failed checks.
 */
export function createMrzReader(opts: { langPath?: string } = {}): MrzReader {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const tesseract = () => (worker ??= startWorker(opts.langPath).catch((err: unknown) => {
    // A failed start is not kept: the next call tries again.
    worker = null;
    throw err;
  }));

  async function ocr(png: Buffer): Promise<string> {
    return (await (await tesseract()).recognize(png)).data.text;
  }

  async function readOnce(image: Buffer, today: Date): Promise<MrzReading> {
    const img = await decode(image);
    if (!img) return NOT_FOUND;
    const card = cardRegion(img);
    const bandHeight = Math.max(1, Math.ceil(card.height * BAND_SHARE));
    const bottom: Region = { ...card, top: card.top + card.height - bandHeight, height: bandHeight };
    const top: Region = { ...card, height: bandHeight };
    let best: (ParsedMrz & { found: true }) | null = null;
    let mrzSeen = false;
    const attempt = async (r: Region, upsideDown: boolean, width = OCR_WIDTH) => {
      // The image side never fails a read (the photo's problem is `found: false`); OCR errors do.
      const png = await prepare(img, r, upsideDown, width).catch(() => null);
      if (!png) return false;
      const text = await ocr(png);
      mrzSeen ||= looksLikeMrz(text);
      const lines = findMrzLines(text);
      const parsed = lines ? parseMrz(lines, today) : null;
      if (parsed && (!best || parsed.failedChecks.length < best.failedChecks.length)) best = { found: true, ...parsed };
      mrzSeen ||= parsed !== null;
      return parsed?.valid === true;
    };
    if (await attempt(bottom, false)) return best!;
    // MRZ text in the band, read with a fault: the card is the right way up, look closer.
    if (mrzSeen ? await attempt(bottom, false, OCR_WIDTH_RETRY) : await attempt(top, true)) return best!;
    await attempt(card, false);
    return best ?? NOT_FOUND;
  }

  return {
    async warm() { await tesseract(); },
    read(image, today) {
      const next = queue.then(() => readOnce(image, today));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      // Let a read under way finish rather than kill the worker under it.
      await queue;
      const w = worker;
      worker = null;
      if (w) await (await w).terminate();
    },
  };
}
