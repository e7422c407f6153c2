import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { GreyImage } from '../../../vision/document/types';
import { decode, ocrPng } from './mrz-image';
import { cardView, type QuarterTurn } from './mrz-views';

/**
 * Tesseract's Latin `eng` model (LSTM, best_int, Apache-2.0), shipped in the npm package
 * @tesseract.js-data/eng: read from node_modules, never downloaded.
 */
function engLangPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return join(dirname(pkg), '4.0.0_best_int');
}

/** Width the document is scaled to, px: printed names (~2.5 % of the card's width a letter) come out ~25 px high. */
const VIZ_WIDTH = 1400;

/**
 * A tesseract.js worker with the Latin model, reading the page as sparse text: a card's fields
 * are scattered words and short lines in columns, not paragraphs. Started like the MRZ's worker
 * (ocr-worker.ts), whose notes on tesseract.js's failure paths apply here too.
 */
export async function startVizWorker(): Promise<Worker> {
  let failStart: (err: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => { failStart = reject; });
  const w = await Promise.race([
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath: engLangPath(), gzip: true, cacheMethod: 'none',
      errorHandler: (e: unknown) => failStart(new Error(`tesseract.js: ${String(e)}`)),
    }),
    failed,
  ]);
  await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '300' });
  return w;
}

/** The document of a photo, levelled and cropped, in the quarter turns to read, likeliest first. */
export async function vizViews(image: Buffer): Promise<{ image: GreyImage; turns: QuarterTurn[] } | null> {
  const img = await decode(image);
  if (!img) return null;
  const view = await cardView(img);
  return { image: view.image, turns: view.turns };
}

/** The text tesseract's Latin model reads on an upright document. */
export async function readViz(worker: Worker, img: GreyImage): Promise<string> {
  const png = await ocrPng(img, 0, VIZ_WIDTH, false);
  return (await worker.recognize(png)).data.text;
}
