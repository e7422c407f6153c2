import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxesFromMap, loadPpOcr, type PpOcr } from './pp-ocr';
import type { GreyImage } from '../../../vision/document/types';

async function rendered(lines: string[], width = 900): Promise<GreyImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${60 + lines.length * 56}"><rect width="100%" height="100%" fill="#e8eef5"/>
    ${lines.map((l, i) => `<text x="30" y="${70 + i * 56}" font-family="DejaVu Sans" font-size="30" fill="#102a43">${l}</text>`).join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

describe('boxesFromMap', () => {
  it('finds each region above the threshold, drops specks and faint ones, and grows the kernel back', () => {
    const [w, h] = [40, 20];
    const map = new Float32Array(w * h);
    for (let y = 5; y < 9; y++) for (let x = 4; x < 20; x++) map[y * w + x] = 0.9;
    for (let y = 12; y < 16; y++) for (let x = 4; x < 30; x++) map[y * w + x] = 0.45; // above 0.3, mean under 0.6
    map[2 * w + 35] = 0.95; // a speck
    const boxes = boxesFromMap(map, w, h);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.x).toBeLessThan(4);
    expect(boxes[0]!.x + boxes[0]!.width).toBeGreaterThan(20);
    expect(boxes[0]!.y).toBeLessThan(5);
  });
});

describe('PP-OCR (real models from node_modules)', () => {
  let ocr: PpOcr;
  beforeAll(async () => { ocr = await loadPpOcr(); }, 60_000);

  it('reads printed lines in reading order', async () => {
    const lines = await ocr.read(await rendered(['SURNAME', 'ERIKSSON', 'GIVEN NAMES', 'ANNA MARIA', 'DATE OF BIRTH 12/08/1974']));
    const text = lines.map((l) => l.text.replace(/\s+/g, ' '));
    expect(text.slice(0, 4)).toEqual(['SURNAME', 'ERIKSSON', 'GIVEN NAMES', 'ANNA MARIA']);
    expect(text[4]).toMatch(/12\/08\/1974/);
    expect(lines.every((l) => l.score > 0.8)).toBe(true);
  }, 60_000);

  it('finds nothing on a blank card', async () => {
    expect(await ocr.read(await rendered([]))).toEqual([]);
  }, 60_000);
});
