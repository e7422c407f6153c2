import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { checkOcrModel, ensureOcrData, OCR_LANG } from './ocr-data';

const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/**
 * A tesseract.js worker with the OCR-B model, the MRZ alphabet only, and the page read as one
 * block of text. `langPath` defaults to the model extracted from its npm package (ocr-data).
 */
export async function startWorker(langPath?: string): Promise<Worker> {
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
