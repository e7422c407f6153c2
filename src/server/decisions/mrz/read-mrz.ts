import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { GreyImage } from '../../../vision/document/types';
import { confirmNames, type NameCheck } from './confirm-names';
import { crop, decode, ocrPng, rotate } from './mrz-image';
import { cardView, wholeView, type CardView } from './mrz-views';
import { checkOcrModel, ensureOcrData, OCR_LANG } from './ocr-data';
import { findMrzLines, parseMrz, type ParsedMrz } from './parse-mrz';
import { textSkew } from './text-skew';

export type MrzReading = { found: false } | ({ found: true; names: NameCheck } & ParsedMrz);

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

/**
 * Width a band is scaled to before OCR, px (the card's width, so a TD1 line spans ~0.9 of
 * it): ~20 px a character for a passport's 44, ~30 px for a card's 30. Measured on rendered
 * cards in 640x480 to 1920x1080 frames: upscaling small, soft photos further reads worse, so
 * the larger size is only the second look at an MRZ that was found but read with a fault.
 */
const OCR_WIDTH = 1000;
const OCR_WIDTH_RETRY = 1600;
/** Share of the card's height searched first: the MRZ's 3 lines (TD1) or 2 (passport) sit at the bottom. */
const BAND_SHARE = 0.45;
/** Tilt left in a band after the card was levelled (perspective, a quad a little off), degrees. */
const BAND_SKEW_DEG = 8;
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
const NOT_FOUND: MrzReading = { found: false };

/** A line of 25+ MRZ characters with a filler pair: MRZ text, if not (yet) a readable MRZ. */
const looksLikeMrz = (text: string) =>
  text.split('\n').some((l) => { const c = l.replace(/\s+/g, ''); return c.length >= 25 && c.includes('<<') && /^[A-Z0-9<]+$/.test(c); });

/** How one band was prepared for tesseract: two different ones make two independent reads. */
interface Look { band: GreyImage; width: number; binarize: boolean }

const bottomBand = (img: GreyImage): GreyImage => {
  const height = Math.max(1, Math.ceil(img.height * BAND_SHARE));
  return crop(img, { left: 0, top: img.height - height, width: img.width, height });
};

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
 * card is located (the capture screens' document finder) and levelled (tilts up to ~20°), then
 * its bottom band is read in each quarter turn, the likeliest first (a scan turned 90°, a card
 * upside down), ~0.2–0.4 s a pass. Where MRZ text shows but does not check, the same band is
 * read again larger, then thresholded; the first reading whose checks all hold wins, else the
 * one with the fewest failed checks. No MRZ at the bottom of any turn: the whole card, then the
 * whole photo (a tight scan whose edges the finder cannot see). Last, the names (no check digit
 * covers them) are read a second time from the band prepared differently, and must agree.
 */
export function createMrzReader(opts: { langPath?: string } = {}): MrzReader {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const tesseract = () => (worker ??= startWorker(opts.langPath).catch((err: unknown) => {
    // A failed start is not kept: the next call tries again.
    worker = null;
    throw err;
  }));

  /** The band's text as tesseract reads it, straightened by its own line tilt; null when the image side fails. */
  async function ocr(look: Look): Promise<string | null> {
    const skew = textSkew(look.band, BAND_SKEW_DEG);
    // Under half a degree the lines stay within a character's height: not worth a resample.
    const png = await ocrPng(look.band, Math.abs(skew) < 0.5 ? 0 : -skew, look.width, look.binarize).catch(() => null);
    // The image side never fails a read (the photo's problem is `found: false`); OCR errors do.
    return png ? (await (await tesseract()).recognize(png)).data.text : null;
  }

  async function readOnce(image: Buffer, today: Date): Promise<MrzReading> {
    const img = await decode(image);
    if (!img) return NOT_FOUND;
    let best: { parsed: ParsedMrz; look: Look } | null = null;
    const attempt = async (look: Look): Promise<{ seen: boolean; valid: boolean }> => {
      const text = await ocr(look);
      if (text === null) return { seen: false, valid: false };
      const lines = findMrzLines(text);
      const parsed = lines ? parseMrz(lines, today) : null;
      if (parsed && (!best || parsed.failedChecks.length < best.parsed.failedChecks.length)) best = { parsed, look };
      return { seen: parsed !== null || looksLikeMrz(text), valid: parsed?.valid === true };
    };
    /** True once a band held MRZ text: that turn is the right way up, the others need no look. */
    const search = async (view: CardView, turns: CardView['turns']): Promise<boolean> => {
      for (const turn of turns) {
        const band = bottomBand(turn ? (await rotate(view.image, turn)).image : view.image);
        const first = await attempt({ band, width: OCR_WIDTH, binarize: false });
        if (first.valid) return true;
        if (!first.seen) continue;
        // MRZ text in the band, read with a fault: look closer, then at black on white.
        if (!(await attempt({ band, width: OCR_WIDTH_RETRY, binarize: false })).valid) await attempt({ band, width: OCR_WIDTH, binarize: true });
        return true;
      }
      return false;
    };

    const card = await cardView(img);
    if (!(await search(card, card.turns))) {
      // The MRZ higher up than the band (a passport page with a deep margin below it).
      await attempt({ band: card.image, width: OCR_WIDTH, binarize: false });
      if (!best && card.found) {
        const whole = await wholeView(img);
        await search(whole, whole.turns.slice(0, 2));
      }
    }
    const found = best as { parsed: ParsedMrz; look: Look } | null;
    if (!found) return NOT_FOUND;
    // The second read: same band, other scale, other thresholding.
    const { look } = found;
    const otherLook = { band: look.band, width: look.width === OCR_WIDTH ? OCR_WIDTH_RETRY : OCR_WIDTH, binarize: !look.binarize };
    const text = await ocr(otherLook);
    const lines = text === null ? null : findMrzLines(text);
    const second = lines ? parseMrz(lines, today) : null;
    // The second read may check where the first did not: then it is the reading, the first its witness.
    const [reading, witness] = second && second.failedChecks.length < found.parsed.failedChecks.length
      ? [second, found.parsed] : [found.parsed, second];
    return { found: true, ...reading, names: confirmNames(reading, witness) };
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
