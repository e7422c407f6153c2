import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_OCR_DIR, ensureOcrData, OCR_LANG } from './ocr-data';

describe('ensureOcrData', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'ocr-data-')), 'nested', 'ocr');
  const model = join(dir, `${OCR_LANG}.traineddata`);
  afterAll(() => rmSync(join(dir, '..', '..'), { recursive: true, force: true }));

  it('extracts the OCR-B model from the installed package into a new directory', async () => {
    expect(await ensureOcrData(dir)).toBe(dir);
    // ocrb_int.traineddata is 1,495,162 bytes in smartscanner-capacitor 0.7.7.
    expect(statSync(model).size).toBeGreaterThan(1_000_000);
    expect(readdirSync(dir)).toEqual([`${OCR_LANG}.traineddata`]);
  });

  it('leaves a model that is there alone, and replaces an empty one', async () => {
    const before = statSync(model).mtimeMs;
    await ensureOcrData(dir);
    expect(statSync(model).mtimeMs).toBe(before);
    writeFileSync(model, '');
    await ensureOcrData(dir);
    expect(statSync(model).size).toBeGreaterThan(1_000_000);
  });

  it('defaults to data-models/ocr at the repository root', () => {
    expect(DEFAULT_OCR_DIR).toBe(fileURLToPath(new URL('../../../../data-models/ocr', import.meta.url)));
  });
});
