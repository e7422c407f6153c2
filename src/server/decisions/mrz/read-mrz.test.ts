import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdCard, specimenTd1 } from '../../../../test-support/cards/id-card';
import { makeIdCardBack } from '../../../../test-support/cards/id-card-back';
import { createMrzReader, type MrzReader, type MrzReading } from './read-mrz';
import { textSkew } from './text-skew';

const today = new Date('2026-11-25T00:00:00Z');
const FACE = 'e2e/fixtures/grace_hopper.jpg';
/** ICAO 9303 part 4 specimen passport (expired in 2012). */
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const xml = (s: string) => s.replace(/</g, '&lt;');

/** A passport data page, 125x88 mm at 254 dpi, the TD3 specimen in OCR-B (~3.5 mm a line) at the bottom. */
async function passportPage(printedSurname = 'ERIKSSON'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1250" height="880">
  <rect width="1250" height="880" rx="16" fill="#f4efe4"/>
  <text x="60" y="80" font-family="DejaVu Sans" font-size="40" font-weight="bold" fill="#333">PASSPORT · SPECIMEN</text>
  <rect x="60" y="130" width="300" height="380" fill="#9aa"/>
  <g font-family="DejaVu Sans" fill="#333">
    <text x="420" y="170" font-size="22">Surname</text><text x="420" y="205" font-size="32">${printedSurname}</text>
    <text x="420" y="255" font-size="22">Given names</text><text x="420" y="290" font-size="32">ANNA MARIA</text>
    <text x="420" y="340" font-size="22">Date of expiry</text><text x="420" y="375" font-size="32">15 APR 2012</text>
  </g>
  <g font-family="OCR B" font-size="36" fill="#111">
    <text x="50" y="760">${xml(TD3[0]!)}</text><text x="50" y="820">${xml(TD3[1]!)}</text>
  </g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The document `share` of the frame's width, centred on a darker table, as a camera sees it (PNG). */
async function inFrame(doc: Buffer, frame: { width: number; height: number }, share: number): Promise<Buffer> {
  const width = Math.round(frame.width * share);
  const scaled = await sharp(doc).resize({ width }).png().toBuffer();
  const { height = 0 } = await sharp(scaled).metadata();
  return sharp({ create: { ...frame, channels: 3, background: '#3b3b3b' } })
    .composite([{ input: scaled, left: Math.round((frame.width - width) / 2), top: Math.round((frame.height - height) / 2) }])
    .png().toBuffer();
}

/** A phone's photo of a frame: held `degrees` off level, a little soft, saved as JPEG quality 60. */
async function phonePhoto(frame: Buffer, degrees = 2): Promise<Buffer> {
  return sharp(frame).rotate(degrees, { background: '#3b3b3b' }).blur(0.8).jpeg({ quality: 60 }).toBuffer();
}

describe('MRZ reader (tesseract.js + OCR-B)', () => {
  let reader: MrzReader;
  let card: Buffer;
  let page: Buffer;
  const times: string[] = [];
  const read = async (name: string, image: Buffer, otherSide: Buffer | null = null): Promise<MrzReading> => {
    const started = Date.now();
    const r = await reader.read(image, today, otherSide);
    times.push(`${name} ${Date.now() - started} ms`);
    return r;
  };

  beforeAll(async () => {
    // Without the font the documents render in a fallback font nobody can read as an MRZ: say so.
    const fonts = execFileSync('fc-list', { encoding: 'utf8' });
    if (!/OCR B/i.test(fonts)) throw new Error('The OCR-B font is missing (test documents need it): apt-get install fonts-ocr-b');
    reader = createMrzReader();
    const started = Date.now();
    await reader.warm();
    times.push(`worker start ${Date.now() - started} ms`);
    card = await makeIdCard(FACE);
    page = await passportPage();
  }, 60_000);
  afterAll(async () => {
    await reader?.close();
    console.log(`MRZ read times: ${times.join(', ')}`);
  });

  it('reads a clean scan of a TD1 card and of a TD3 passport page exactly', async () => {
    const scan = await sharp(card).flatten({ background: '#fff' }).jpeg({ quality: 90 }).toBuffer();
    const td1 = await read('TD1 scan', scan);
    expect(td1).toMatchObject({ found: true, format: 'TD1', lines: specimenTd1(), valid: true, failedChecks: [], expired: false, names: { confirmed: true, how: 'visual_zone_agrees' } });
    expect(td1.found && td1.docInfo).toMatchObject({ docType: 'NATIONAL_ID', docNumber: 'D23145890', lastName: 'HOPPER', firstName: 'GRACE', expiryDate: '2031-12-09' });

    const td3 = await read('TD3 scan', await sharp(page).jpeg({ quality: 90 }).toBuffer());
    expect(td3).toMatchObject({ found: true, format: 'TD3', lines: TD3, valid: true, failedChecks: [], expired: true, names: { confirmed: true, how: 'visual_zone_agrees' } });
    expect(td3.found && td3.docInfo).toMatchObject({ docType: 'PASSPORT', docNumber: 'L898902C3', firstName: 'ANNA', middleName: 'MARIA' });
  }, 60_000);

  it('does not confirm a name the visual zone prints differently: a misread MRZ letter passes every check digit', async () => {
    // The MRZ says ERIKSSON; the page prints ERIKSSEN. One of the two is wrong, and nothing tells which.
    const other = await read('TD3 printed ERIKSSEN', await sharp(await passportPage('ERIKSSEN')).jpeg({ quality: 90 }).toBuffer());
    expect(other).toMatchObject({ found: true, lines: TD3, valid: true, names: { confirmed: false, how: 'visual_zone_disagrees' } });
  }, 60_000);

  it('reads an ID card\'s names on its front when the MRZ is on the back', async () => {
    const back = await sharp(await makeIdCardBack()).flatten({ background: '#fff' }).jpeg({ quality: 90 }).toBuffer();
    const front = await sharp(card).flatten({ background: '#fff' }).jpeg({ quality: 90 }).toBuffer();
    expect(await read('TD1 back + front', back, front)).toMatchObject({ found: true, lines: specimenTd1(), valid: true, names: { confirmed: true, how: 'visual_zone_agrees' } });
  }, 60_000);

  it('reads phone photos (60 % of a 1280x720 frame, 2° off, soft, JPEG q60) exactly', async () => {
    const frame = { width: 1280, height: 720 };
    const td1 = await read('TD1 photo', await phonePhoto(await inFrame(card, frame, 0.6)));
    expect(td1).toMatchObject({ found: true, lines: specimenTd1(), valid: true });
    const td3 = await read('TD3 photo', await phonePhoto(await inFrame(page, frame, 0.6)));
    expect(td3).toMatchObject({ found: true, lines: TD3, valid: true });
  }, 60_000);

  it('reads a card in a 640x480 camera frame, one tilted 5° either way, and one upside down', async () => {
    const small = await inFrame(card, { width: 640, height: 480 }, 0.6);
    expect(await read('TD1 640x480', await sharp(small).jpeg({ quality: 85 }).toBuffer())).toMatchObject({ found: true, lines: specimenTd1(), valid: true });
    const frame = await inFrame(card, { width: 1280, height: 720 }, 0.6);
    for (const degrees of [5, -5]) {
      expect(await read(`TD1 ${degrees}°`, await phonePhoto(frame, degrees)), `${degrees}°`).toMatchObject({ found: true, lines: specimenTd1(), valid: true });
    }
    const upsideDown = await sharp(frame).rotate(180).jpeg({ quality: 85 }).toBuffer();
    expect(await read('TD1 upside down', upsideDown)).toMatchObject({ found: true, lines: specimenTd1(), valid: true });
  }, 60_000);

  it('reads a card photographed on its side or upside down (quarter turns) exactly, names confirmed', async () => {
    const frame = await inFrame(card, { width: 1280, height: 720 }, 0.6);
    for (const degrees of [90, 180, 270]) {
      const turned = await sharp(frame).rotate(degrees).jpeg({ quality: 85 }).toBuffer();
      expect(await read(`TD1 turned ${degrees}°`, turned), `${degrees}°`).toMatchObject({ found: true, lines: specimenTd1(), valid: true, names: { confirmed: true } });
    }
    const td3 = await sharp(await inFrame(page, { width: 1280, height: 960 }, 0.7)).rotate(270).jpeg({ quality: 85 }).toBuffer();
    expect(await read('TD3 turned 270°', td3)).toMatchObject({ found: true, lines: TD3, valid: true, names: { confirmed: true } });
  }, 120_000);

  it('reads phone photos held 15° and 20° off level, either way, exactly', async () => {
    const frame = await inFrame(card, { width: 1280, height: 720 }, 0.55);
    for (const degrees of [-20, -15, 15, 20]) {
      expect(await read(`TD1 ${degrees}°`, await phonePhoto(frame, degrees)), `${degrees}°`).toMatchObject({ found: true, lines: specimenTd1(), valid: true });
    }
    const td3 = await phonePhoto(await inFrame(page, { width: 1280, height: 960 }, 0.6), -18);
    expect(await read('TD3 -18°', td3)).toMatchObject({ found: true, lines: TD3, valid: true });
  }, 120_000);

  it('reads a tight scan (the document fills the picture, no edge to find), also on its side', async () => {
    const scan = await sharp(page).flatten({ background: '#f4efe4' }).jpeg({ quality: 85 }).toBuffer();
    expect(await read('TD3 tight scan', scan)).toMatchObject({ found: true, lines: TD3, valid: true });
    const onSide = await sharp(card).flatten({ background: '#dfe9f5' }).rotate(90).jpeg({ quality: 85 }).toBuffer();
    expect(await read('TD1 tight scan 90°', onSide)).toMatchObject({ found: true, lines: specimenTd1(), valid: true });
  }, 120_000);

  it('does not confirm names read from too few pixels, even when every check digit holds', async () => {
    // 190 px wide: ~5.7 px a character, where two reads share their errors.
    const tiny = await sharp(card).resize(190).flatten({ background: '#dfe9f5' }).jpeg({ quality: 90 }).toBuffer();
    // The visual zone is as small: the Latin read misreads it too (a disagreement) or cannot read it.
    const r = await read('TD1 190 px', tiny);
    expect(r).toMatchObject({ found: true, valid: true, names: { confirmed: false } });
    expect(r.found && ['resolution_too_low', 'visual_zone_disagrees']).toContain(r.found && r.names.how);
  }, 60_000);

  it('finds no MRZ on a cat, a blank page or bytes that are no image, without throwing', async () => {
    expect(await read('no MRZ (cat)', readFileSync('e2e/fixtures/chelsea.png'))).toEqual({ found: false });
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(await reader.read(blank, today)).toEqual({ found: false });
    const strip = await sharp({ create: { width: 20, height: 4000, channels: 3, background: '#888' } }).png().toBuffer();
    expect(await reader.read(strip, today)).toEqual({ found: false });
    expect(await reader.read(Buffer.from('not an image'), today)).toEqual({ found: false });
    expect(await reader.read(Buffer.alloc(0), today)).toEqual({ found: false });
  }, 60_000);

  it('measures the tilt of text lines', async () => {
    for (const degrees of [-6, -2, 0, 3, 7]) {
      const { data, info } = await sharp(card).flatten({ background: '#fff' }).rotate(degrees, { background: '#fff' })
        .toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
      expect(Math.abs(textSkew({ width: info.width, height: info.height, data: new Uint8Array(data) }) - degrees), `${degrees}°`).toBeLessThanOrEqual(0.3);
    }
  });
});

describe('MRZ reader without its model', () => {
  it('rejects (the server\'s fault, not the photo\'s) instead of answering found: false or crashing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-ocr-model-'));
    const reader = createMrzReader({ langPath: empty });
    try {
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
      await expect(reader.read(image, today)).rejects.toThrow(/OCR model .* is missing or damaged/);
    } finally {
      await reader.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('MRZ reader with a second engine on the MRZ band', () => {
  // The second engine is stood in for (PP-OCR's own test reads real print): what the reader does
  // with its answer is under test here. The visual zone answers nothing, as on a side without names.
  const passport = () => passportPage().then((p) => sharp(p).jpeg({ quality: 90 }).toBuffer());
  const withOther = (text: string) => createMrzReader({ visualZone: async () => '', otherEngine: async () => text });

  it('confirms the names when the other engine reads the same name field, and not when it reads another', async () => {
    const same = withOther(TD3.join('\n'));
    const other = withOther([TD3[0]!.replace('ERIKSSON', 'ERIKSSDN'), TD3[1]].join('\n'));
    try {
      const a = await same.read(await passport(), today);
      expect(a.found && a.valid && a.names).toEqual({ confirmed: true, how: 'other_engine_agrees' });
      const b = await other.read(await passport(), today);
      expect(b.found && b.valid && b.names).toEqual({ confirmed: false, how: 'other_engine_disagrees' });
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('leaves the names to the visual zone first: a printed name that differs is a disagreement whatever the other engine says', async () => {
    const reader = createMrzReader({ visualZone: async () => 'Surname ERIKSSDN\nGiven names ANNA MARIA', otherEngine: async () => TD3.join('\n') });
    try {
      const r = await reader.read(await passport(), today);
      expect(r.found && r.names).toEqual({ confirmed: false, how: 'visual_zone_disagrees' });
    } finally {
      await reader.close();
    }
  });
});
