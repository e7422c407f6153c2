import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdCard, makeIdCardFrame, specimenTd1 } from '../../../../e2e/support/id-card';
import { createMrzReader, type MrzReader } from './read-mrz';

const today = new Date('2026-11-25T00:00:00Z');
const FACE = 'e2e/fixtures/grace_hopper.jpg';
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** A passport data page (ISO B7 proportions) with the TD3 specimen in OCR-B at the bottom. */
async function passportPage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1250" height="880">
  <rect width="1250" height="880" fill="#f4efe4"/>
  <text x="60" y="80" font-family="DejaVu Sans" font-size="40" font-weight="bold" fill="#333">PASSPORT · SPECIMEN</text>
  <rect x="60" y="130" width="300" height="380" fill="#9aa"/>
  <text x="420" y="200" font-family="DejaVu Sans" font-size="34" fill="#333">ERIKSSON, ANNA MARIA</text>
  <g font-family="OCR B" font-size="36" fill="#111">
    <text x="50" y="760">${TD3[0]!.replace(/</g, '&lt;')}</text><text x="50" y="820">${TD3[1]!.replace(/</g, '&lt;')}</text>
  </g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('MRZ reader (tesseract.js + OCR-B)', () => {
  let reader: MrzReader;
  beforeAll(() => {
    // Without the font the test documents render in a fallback font and nothing reads: say so.
    const fonts = execFileSync('fc-list', { encoding: 'utf8' });
    if (!/OCR B/i.test(fonts)) throw new Error('The OCR-B font is missing: apt-get install fonts-ocr-b');
    reader = createMrzReader();
  });
  afterAll(async () => { await reader.close(); });

  it('reads a TD1 card scan and a phone photo of it (tilted, soft, JPEG q60) exactly', async () => {
    const scan = await sharp(await makeIdCard(FACE)).flatten({ background: '#fff' }).jpeg().toBuffer();
    const photo = await sharp(await makeIdCardFrame(FACE, { width: 1280, height: 720 }, { cardShare: 0.6 }))
      .rotate(2, { background: '#3b3b3b' }).blur(0.8).jpeg({ quality: 60 }).toBuffer();
    const small = await makeIdCardFrame(FACE, { width: 640, height: 480 }, { cardShare: 0.58 });
    for (const [name, image] of [['scan', scan], ['photo', photo], ['640x480 camera frame', small]] as const) {
      const started = Date.now();
      const r = await reader.read(image, today);
      console.log(`MRZ ${name}: ${Date.now() - started} ms`);
      expect(r.found, name).toBe(true);
      if (!r.found) continue;
      expect(r.lines, name).toEqual(specimenTd1());
      expect(r).toMatchObject({ format: 'TD1', valid: true, expired: false, docInfo: { docNumber: 'D23145890', lastName: 'HOPPER' } });
    }
  }, 120_000);

  it('reads a card held upside down', async () => {
    const upside = await sharp(await makeIdCardFrame(FACE, { width: 1280, height: 720 }, { cardShare: 0.6 })).rotate(180).jpeg().toBuffer();
    const r = await reader.read(upside, today);
    expect(r.found && r.lines).toEqual(specimenTd1());
  }, 60_000);

  it('reads a TD3 passport page and finds it expired', async () => {
    const r = await reader.read(await passportPage(), today);
    expect(r.found && r.lines).toEqual(TD3);
    expect(r).toMatchObject({ format: 'TD3', valid: true, expired: true, docInfo: { docType: 'PASSPORT', middleName: 'MARIA' } });
  }, 60_000);

  it('finds no MRZ on a cat or on bytes that are no image, without throwing', async () => {
    expect(await reader.read(readFileSync('e2e/fixtures/chelsea.png'), today)).toEqual({ found: false });
    expect(await reader.read(Buffer.from('not an image'), today)).toEqual({ found: false });
  }, 60_000);
});
