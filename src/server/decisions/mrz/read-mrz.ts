import sharp, { type Sharp } from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { FINDER_LONG_EDGE, findDocumentInPhoto } from '../../../vision/document/find-in-photo';
import { ensureOcrData, OCR_LANG } from './ocr-data';
import { findMrzLines, parseMrz, type ParsedMrz } from './parse-mrz';

export type MrzReading = { found: false } | ({ found: true; lines: string[] } & ParsedMrz);

export interface MrzReader {
  read(image: Buffer, today: Date): Promise<MrzReading>;
  /** Starts the OCR worker now (its start takes ~1 s), so the first read does not wait for it. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** Width the MRZ band is scaled to before OCR: ~36–50 px a character for 30–44 characters. */
const BAND_WIDTH = 1600;
/** The MRZ sits in the bottom part of the card (3 lines of a TD1 card, 2 of a passport page). */
const BAND_SHARE = 0.45;

interface Region { left: number; top: number; width: number; height: number }

/** The card's box in the photo (a little margin), or the whole photo when no card is found. */
async function cardRegion(grey: Sharp, width: number, height: number): Promise<Region> {
  const { data, info } = await grey.clone().resize(FINDER_LONG_EDGE * 2, FINDER_LONG_EDGE * 2, { fit: 'inside', withoutEnlargement: true })
    .raw().toBuffer({ resolveWithObject: true });
  const finding = findDocumentInPhoto({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) });
  if (!finding.corners) return { left: 0, top: 0, width, height };
  const xs = finding.corners.map((p) => p.x * width);
  const ys = finding.corners.map((p) => p.y * height);
  const margin = 0.02 * width;
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(height, Math.ceil(Math.max(...ys) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * Reads the MRZ of a document photo with tesseract.js and the OCR-B model, then validates it
 * (parse-mrz). One tesseract worker, made on first use and reused; calls are serialised. At most
 * three OCR passes per image: the card's bottom band, the same band upside down (a card held
 * the wrong way up), then the whole card. An unreadable MRZ is `found: false`, never an error.
 */
export function createMrzReader(opts: { langPath?: string } = {}): MrzReader {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const tesseract = () => (worker ??= (async () => {
    const w = await createWorker(OCR_LANG, 1, {
      langPath: opts.langPath ?? ensureOcrData(), gzip: false, cacheMethod: 'none',
    });
    await w.setParameters({
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    });
    return w;
  })());

  async function ocr(png: Buffer): Promise<string> {
    const w = await tesseract();
    return (await w.recognize(png)).data.text;
  }

  async function readOnce(image: Buffer, today: Date): Promise<MrzReading> {
    let grey: Sharp;
    let width: number;
    let height: number;
    try {
      grey = sharp(image, { limitInputPixels: 40_000_000 }).rotate().greyscale();
      const meta = await grey.clone().png().toBuffer({ resolveWithObject: true });
      ({ width, height } = meta.info);
      grey = sharp(meta.data);
    } catch {
      return { found: false };
    }
    const card = await cardRegion(grey, width, height);
    const bandTop = card.top + Math.floor(card.height * (1 - BAND_SHARE));
    const band: Region = { left: card.left, top: bandTop, width: card.width, height: card.top + card.height - bandTop };
    const prepare = (r: Region, flip: boolean) => {
      let s = grey.clone().extract(r).resize({ width: BAND_WIDTH }).normalise();
      if (flip) s = s.rotate(180);
      return s.png().toBuffer();
    };
    const upsideDown: Region = { left: card.left, top: card.top, width: card.width, height: Math.ceil(card.height * BAND_SHARE) };
    for (const [region, flip] of [[band, false], [upsideDown, true], [card, false]] as const) {
      const lines = findMrzLines(await ocr(await prepare(region, flip)));
      const parsed = lines ? parseMrz(lines, today) : null;
      if (lines && parsed) return { found: true, lines, ...parsed };
    }
    return { found: false };
  }

  return {
    async warm() { await tesseract(); },
    read(image, today) {
      const next = queue.then(() => readOnce(image, today));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await (await w).terminate();
    },
  };
}
