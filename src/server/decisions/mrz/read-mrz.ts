import type { Worker } from 'tesseract.js';
import type { GreyImage } from '../../../vision/document/types';
import { confirmNames, namesSettled, type NameCheck } from './confirm-names';
import { crop, decode, ocrPng, rotate } from './mrz-image';
import { cardView, wholeView, type CardView } from './mrz-views';
import { startWorker } from './ocr-worker';
import { locateMrz } from './locate-mrz';
import { findMrzLines, NAME_FIELD, parseMrz, type ParsedMrz } from './parse-mrz';
import { settle } from './settle-reads';
import { compareWithViz, type VizVerdict } from './viz-names';
import { readViz, startVizWorker, vizViews } from './viz-reader';
import { textSkew } from './text-skew';
import { detailScale } from './detail-scale';

export type MrzReading = { found: false } | ({ found: true; names: NameCheck } & ParsedMrz);

export interface MrzReader {
  /**
   * The MRZ of a document photo (JPEG, PNG, WebP…; EXIF orientation applied). `found: false`
   * for a photo without a readable MRZ and for bytes that are no image; rejects only when the
   * OCR engine itself fails (no model, worker crash): that is the server's fault, not the photo's.
   */
  read(image: Buffer, today: Date, otherSide?: Buffer | null): Promise<MrzReading>;
  /**
   * The printed text of a document photo as the Latin model reads it (the visual zone), the
   * card found and levelled, in its two likeliest quarter turns, each as a string; [] for bytes
   * that are no image. For documents whose data is not in an MRZ (a licence's front against
   * its barcode).
   */
  readVisualZone(image: Buffer): Promise<string[]>;
  /** Starts the OCR workers now (a start takes ~1.4 s), so the first read does not wait for them. */
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
/** Share of the document's width an MRZ line spans (ICAO 9303: ~0.9 on every format). */
const MRZ_SPAN = 0.9;
/**
 * Pixels of detail a character (pixels over detail-scale's blow-up factor) below which two reads
 * of the MRZ do not confirm names when the visual zone could not: on the real specimen set, two
 * reads got a name wrong alike from 5.5 px a character and from a 7.7 px one blown up (8.8
 * counted this way); every name two reads agreed on from 10 and up was right.
 */
const MIN_NAME_PX_PER_CHAR = 10;
/**
 * Pixels of detail a character below which the other engine's read does not confirm names. On
 * the real specimen set the two engines never gave the same wrong name field (the cases where
 * tesseract twice read `ISHAIL` for `ISMAIL` at 5.5 px, PP-OCR read `ISMAIL`); still, under
 * 6 px a character letters are guesses for both.
 */
const MIN_OTHER_ENGINE_PX = 6;
/** Failed checks a reading may have and still show the band is the right way up (an upside-down read fails nearly all). */
const MAX_PLAUSIBLE_FAILS = 3;
/** OCR passes spent looking for the MRZ (~0.2–0.4 s each): a photo without one costs at most this. */
const MAX_SEARCH_PASSES = 10;
const NOT_FOUND: MrzReading = { found: false };

/**
 * How much OCR text looks like an MRZ not (yet) readable: lines of 25+ MRZ characters with a
 * filler pair, the more of them of a format's length (30, 36, 44 within 2) the better. 0: none.
 */
function mrzLikeness(text: string): number {
  let score = 0;
  for (const line of text.split('\n')) {
    const c = line.replace(/\s+/g, '');
    if (c.length < 25 || !/^[A-Z0-9<]+$/.test(c) || !c.includes('<<')) continue;
    score += [30, 36, 44].some((n) => Math.abs(c.length - n) <= 2) ? 2 : 1;
  }
  return score;
}

/**
 * How one band was prepared for tesseract: two different ones make two independent reads.
 * `card`: the document the band was cut from, upright (where its visual zone is read).
 */
interface Look { band: GreyImage; width: number; binarize: boolean; card: GreyImage }

const bottomBand = (img: GreyImage): GreyImage => {
  const height = Math.max(1, Math.ceil(img.height * BAND_SHARE));
  return crop(img, { left: 0, top: img.height - height, width: img.width, height });
};

/**
 * Reads the MRZ of a document photo with tesseract.js and the OCR-B model, then validates it
 * (parse-mrz). One tesseract worker, made on first use and reused; calls are serialised. The
 * card is located (the capture screens' document finder) and levelled (tilts up to ~20°); then,
 * in each quarter turn, the likeliest first (a scan turned 90°, a card upside down), the MRZ's
 * own lines (locate-mrz) and the card's bottom band are read, ~0.2–0.4 s a pass. A reading that
 * is plausible but does not check is read again larger, then thresholded; the first reading whose
 * checks all hold wins, else the one with the fewest failed checks. Nothing plausible in any
 * turn: the whole card, then the whole photo (a tight scan whose edges the finder cannot see),
 * at most MAX_SEARCH_PASSES passes in all. Last, the names, which no check digit covers, are
 * checked against other reads of the same lines prepared differently (confirm-names).
 */
/**
 * Reads the printed text of an upright document image (the visual zone), line by line.
 * `enough` (the text so far) may stop it early: a reader that cannot stop ignores it.
 */
export type VisualZoneReader = (img: GreyImage, enough?: (text: string) => boolean) => Promise<string>;

/**
 * `visualZone`: the reader of the printed fields (PP-OCR in the decision worker; tesseract's
 * Latin model when none is given). `otherEngine`: a second reader of the MRZ band itself (PP-OCR),
 * which confirms names where the visual zone cannot and settles a read whose checks fail.
 */
export function createMrzReader(opts: { langPath?: string; visualZone?: VisualZoneReader; otherEngine?: VisualZoneReader } = {}): MrzReader {
  let worker: Promise<Worker> | null = null;
  let vizWorker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const tesseract = () => (worker ??= startWorker(opts.langPath).catch((err: unknown) => {
    // A failed start is not kept: the next call tries again.
    worker = null;
    throw err;
  }));
  const latin = () => (vizWorker ??= startVizWorker().catch((err: unknown) => {
    vizWorker = null;
    throw err;
  }));
  // The visual zone's reader: the one handed in (PP-OCR in the decision worker), else tesseract's Latin model.
  const readPrinted: VisualZoneReader = opts.visualZone ?? (async (img) => readViz(await latin(), img));

  /** The band's text as tesseract reads it, straightened by its own line tilt; null when the image side fails. */
  async function ocr(look: Look): Promise<string | null> {
    const skew = textSkew(look.band, BAND_SKEW_DEG);
    // Under half a degree the lines stay within a character's height: not worth a resample.
    const png = await ocrPng(look.band, Math.abs(skew) < 0.5 ? 0 : -skew, look.width, look.binarize).catch(() => null);
    // The image side never fails a read (the photo's problem is `found: false`); OCR errors do.
    return png ? (await (await tesseract()).recognize(png)).data.text : null;
  }

  async function readOnce(image: Buffer, today: Date, otherSide: Buffer | null): Promise<MrzReading> {
    const img = await decode(image);
    if (!img) return NOT_FOUND;
    let best: { parsed: ParsedMrz; look: Look } | null = null;
    const reads: { look: Look; text: string | null }[] = [];
    let passes = 0;
    /** `plausible`: lines of an MRZ format whose checks mostly hold; `hint`: MRZ-like text (an upside-down MRZ gives `<<` runs too). */
    const attempt = async (look: Look): Promise<{ valid: boolean; plausible: boolean; hint: number }> => {
      passes++;
      const text = await ocr(look);
      reads.push({ look, text });
      if (text === null) return { valid: false, plausible: false, hint: 0 };
      const lines = findMrzLines(text);
      const parsed = lines ? parseMrz(lines, today) : null;
      if (parsed && (!best || parsed.failedChecks.length < best.parsed.failedChecks.length)) best = { parsed, look };
      return { valid: parsed?.valid === true, plausible: parsed !== null && parsed.failedChecks.length <= MAX_PLAUSIBLE_FAILS, hint: mrzLikeness(text) };
    };
    const hinted: { band: GreyImage; hint: number; card: GreyImage }[] = [];
    /** True once a band read as a plausible MRZ: that turn is the right way up, the others need no look. */
    const search = async (view: CardView, turns: CardView['turns']): Promise<boolean> => {
      for (const turn of turns) {
        const turned = turn ? (await rotate(view.image, turn)).image : view.image;
        const located = locateMrz(turned);
        // The MRZ's own lines first (tesseract reads them best alone), the fixed band when they are not found or fail.
        for (const band of located ? [crop(turned, located), bottomBand(turned)] : [bottomBand(turned)]) {
          if (passes >= MAX_SEARCH_PASSES) return false;
          const first = await attempt({ band, width: OCR_WIDTH, binarize: false, card: turned });
          if (first.valid) return true;
          if (first.hint && !first.plausible) hinted.push({ band, hint: first.hint, card: turned });
          if (!first.plausible) continue;
          // An MRZ read with a fault or two: look closer, then at black on white.
          if (!(await attempt({ band, width: OCR_WIDTH_RETRY, binarize: false, card: turned })).valid) await attempt({ band, width: OCR_WIDTH, binarize: true, card: turned });
          return true;
        }
      }
      return false;
    };

    const card = await cardView(img);
    if (!(await search(card, card.turns))) {
      // MRZ-like text that did not parse may at a larger scale, or thresholded (the two most MRZ-like such bands).
      hinted.sort((a, b) => b.hint - a.hint);
      retry: for (const { band, card: turned } of hinted.slice(0, 2)) {
        for (const look of [{ band, width: OCR_WIDTH_RETRY, binarize: false, card: turned }, { band, width: OCR_WIDTH, binarize: true, card: turned }]) {
          if ((await attempt(look)).valid) break retry;
        }
      }
      // The MRZ higher up than the band (a passport page with a deep margin below it).
      if (!best) await attempt({ band: card.image, width: OCR_WIDTH, binarize: false, card: card.image });
      if (!best && card.found) {
        const whole = await wholeView(img);
        await search(whole, whole.turns.slice(0, 2));
      }
    }
    let found = best as { parsed: ParsedMrz; look: Look } | null;
    if (!found) return NOT_FOUND;
    // The other engine's read of the same band: a second opinion on names, and a rescue for a read whose checks fail.
    // Read only when needed (~0.3–1 s): a valid read the visual zone confirms never waits for it.
    let other: string | null = null;
    let settled = false;
    if (opts.otherEngine && !found.parsed.valid) {
      other = await otherRead(found.look);
      const mixed = settle(found.parsed, other, today);
      if (mixed) {
        // The names may now be the other engine's: tesseract's reads are their witnesses.
        settled = mixed.lines[NAME_FIELD[mixed.format].line] !== found.parsed.lines[NAME_FIELD[mixed.format].line];
        found = { parsed: mixed, look: found.look };
      }
    }
    const viz = found.parsed.valid ? await checkViz(found.parsed, found.look.card, otherSide) : 'unreadable';
    if (viz !== 'unreadable') return { found: true, ...found.parsed, names: { confirmed: viz === 'agrees', how: viz === 'agrees' ? 'visual_zone_agrees' : 'visual_zone_disagrees' } };
    if (opts.otherEngine && found.parsed.valid) {
      other ??= await otherRead(found.look);
      const cross = await crossEngine(found.parsed, found.look, settled ? null : other, reads);
      if (cross) return { found: true, ...found.parsed, names: cross };
    }
    return { found: true, ...found.parsed, names: await checkNames(found.parsed, found.look, reads) };
  }

  /** The band as the other engine reads it, levelled like tesseract's; '' when it fails on the image. */
  async function otherRead(look: Look): Promise<string> {
    const skew = textSkew(look.band, BAND_SKEW_DEG);
    const band = Math.abs(skew) < 0.5 ? look.band : (await rotate(look.band, -skew)).image;
    return opts.otherEngine!(band).catch(() => '');
  }

  /**
   * The names by the other engine: its read of the band (`other`) holds the same name field (and
   * state) as tesseract's valid read, or, when the read kept has the other engine's names
   * (`other` null), one of tesseract's reads of the band holds them. Two engines trained apart rarely make one
   * mistake alike, so this counts from fewer pixels than two reads of one engine do, though not
   * from any: null (no opinion) under MIN_OTHER_ENGINE_PX or when the other engine saw no name line.
   */
  async function crossEngine(parsed: ParsedMrz, look: Look, other: string | null, reads: { look: Look; text: string | null }[]): Promise<NameCheck | null> {
    const pxPerChar = (MRZ_SPAN * look.band.width) / parsed.lines[0]!.length / await detailScale(look.band);
    if (pxPerChar < MIN_OTHER_ENGINE_PX) return null;
    const witnesses = other !== null ? [other] : reads.filter((r) => r.look.band === look.band).map((r) => r.text);
    const check = confirmNames(parsed, witnesses);
    if (check.how === 'second_read_agrees') return { confirmed: true, how: 'other_engine_agrees' };
    if (check.how === 'second_read_disagrees') return { confirmed: false, how: 'other_engine_disagrees' };
    return null;
  }

  /**
   * The names against those printed in the visual zone, read by the Latin model (viz-names):
   * on the MRZ's side first (a passport's data page), then the other side (an ID card's front);
   * a TD1 whose MRZ was on the back is read front first. Each side in its upright turn as far
   * as known: the MRZ's side as the MRZ read it, the other as its text lines run.
   */
  async function checkViz(parsed: ParsedMrz, card: GreyImage, otherSide: Buffer | null): Promise<VizVerdict> {
    const { line, start } = NAME_FIELD[parsed.format];
    const field = (parsed.lines[line] ?? '').slice(start);
    const sides: (() => Promise<GreyImage[]>)[] = [async () => [card]];
    if (otherSide) {
      const other = async () => {
        const views = await vizViews(otherSide);
        return views ? await Promise.all(views.turns.slice(0, 2).map(async (t) => (t ? (await rotate(views.image, t)).image : views.image))) : [];
      };
      if (parsed.format === 'TD1') sides.unshift(other);
      else sides.push(other);
    }
    for (const side of sides) {
      for (const img of await side()) {
        // Agreement needs every name word found; more lines can only add words, never take one away.
        const verdict = compareWithViz(field, field.length, await readPrinted(img, (text) => compareWithViz(field, field.length, text) === 'agrees'));
        if (verdict !== 'unreadable') return verdict;
      }
    }
    return 'unreadable';
  }

  /**
   * The names against the other reads of the same band (other preparations), then against up
   * to two reads made for it (other scale; thresholded), until one agrees or disagrees.
   */
  async function checkNames(parsed: ParsedMrz, look: Look, reads: { look: Look; text: string | null }[]): Promise<NameCheck> {
    // Two reads of too few pixels share their errors (both see `ISHAIL` for `ISMAIL`): no confirmation from them.
    // Counted in pixels that hold detail: a small picture blown up (or a blur) has many pixels and little in them.
    const pxPerChar = (MRZ_SPAN * look.band.width) / parsed.lines[0]!.length / await detailScale(look.band);
    if (pxPerChar < MIN_NAME_PX_PER_CHAR) return { confirmed: false, how: 'resolution_too_low' };
    const others = reads.filter((r) => r.look.band === look.band && r.look !== look).map((r) => r.text);
    let check = confirmNames(parsed, others);
    const more: Look[] = [
      { ...look, width: look.width === OCR_WIDTH ? OCR_WIDTH_RETRY : OCR_WIDTH },
      { ...look, binarize: !look.binarize },
    ];
    for (const extra of more) {
      if (namesSettled(check)) break;
      if (reads.some((r) => r.look.band === extra.band && r.look.width === extra.width && r.look.binarize === extra.binarize)) continue;
      others.push(await ocr(extra));
      check = confirmNames(parsed, others);
    }
    return check;
  }

  return {
    async warm() { await Promise.all([tesseract(), ...(opts.visualZone ? [] : [latin()])]); },
    read(image, today, otherSide = null) {
      const next = queue.then(() => readOnce(image, today, otherSide));
      queue = next.catch(() => undefined);
      return next;
    },
    readVisualZone(image) {
      const next = queue.then(async () => {
        const views = await vizViews(image);
        if (!views) return [];
        const texts: string[] = [];
        for (const turn of views.turns.slice(0, 2)) texts.push(await readPrinted(turn ? (await rotate(views.image, turn)).image : views.image));
        return texts;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      // Let a read under way finish rather than kill the worker under it.
      await queue;
      const started = [worker, vizWorker];
      worker = null;
      vizWorker = null;
      for (const w of started) if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}
