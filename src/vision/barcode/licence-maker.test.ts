// The test licence maker (test-support/cards/licence.ts) against ZXing's reader and the service's
// AAMVA parser: the PDF417 it draws reads back as the exact payload, and the payload parses
// back to the data it was made from. Lives here because vitest collects src/ only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ID_CARD_SIZE } from '../../../test-support/cards/id-card';
import {
  aamvaPayload, LICENCE_SPECIMEN, makeLicenceBack, makeLicenceFrame, makeLicenceFront, pdf417Png, type LicenceData,
} from '../../../test-support/cards/licence';
import { parseAamva } from './aamva';

const FACE = resolve('e2e/fixtures/grace_hopper.jpg');

/** A made-up Ontarian: Canadian dates (CCYYMMDD) and postal code. */
const ONTARIO: LicenceData = {
  docNumber: 'H1234-56789-01234', lastName: 'LOVELACE', firstName: 'ADA', middleName: '', dob: '1985-03-04',
  expiryDate: '2029-03-04', issueDate: '2024-03-20', sex: 'F', street: '12 KING ST W', city: 'TORONTO',
  jurisdiction: 'ON', postalCode: 'M5H 1A1', country: 'CAN', discriminator: 'AB1234567',
};

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
});

/** Every PDF417 text ZXing finds in the image, control characters kept (text mode Plain). */
async function readPdf417(image: Buffer): Promise<string[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const imageData = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, colorSpace: 'srgb' as const };
  const found = await readBarcodes(imageData, { formats: ['PDF417'], tryHarder: true, textMode: 'Plain' });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

/** The designators of a payload (read here by hand, not by the parser): type, offset, length. */
function designators(payload: string, version: number): { type: string; offset: number; length: number }[] {
  const count = Number(payload.slice(version === 1 ? 17 : 19, version === 1 ? 19 : 21));
  const start = version === 1 ? 19 : 21;
  return Array.from({ length: count }, (_, i) => {
    const d = payload.slice(start + i * 10, start + i * 10 + 10);
    return { type: d.slice(0, 2), offset: Number(d.slice(2, 6)), length: Number(d.slice(6, 10)) };
  });
}

function expectParsedAs(payload: string, data: LicenceData, version: number): void {
  const parsed = parseAamva(payload);
  expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
  if (!parsed.ok) return;
  const d = parsed.document;
  expect(d.version).toBe(version);
  expect(d.subfile).toBe(data.subfile ?? 'DL');
  expect(d.docType).toBe((data.subfile ?? 'DL') === 'DL' ? 'DRIVERS_LICENSE' : 'NATIONAL_ID');
  expect({ docNumber: d.docNumber, lastName: d.lastName, firstName: d.firstName, middleName: d.middleName }).toEqual({
    docNumber: data.docNumber, lastName: data.lastName, firstName: data.firstName, middleName: data.middleName,
  });
  expect({ dob: d.dob, expiryDate: d.expiryDate, issueDate: d.issueDate, sex: d.sex }).toEqual({
    dob: data.dob, expiryDate: data.expiryDate, issueDate: data.issueDate, sex: data.sex,
  });
  expect(d.address).toEqual({ street: data.street, street2: '', city: data.city, region: data.jurisdiction, postalCode: data.postalCode });
  expect(d.jurisdiction).toBe(data.jurisdiction);
  expect(d.country).toBe(data.country);
  // DL/ID-2000 (version 01) has no document discriminator.
  expect(d.discriminator).toBe(version === 1 ? '' : data.discriminator);
  expect(d.problems).toEqual([]);
}

describe('aamvaPayload', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('lays out version %i by the standard: header, designators pointing at their subfiles', (version) => {
    const payload = aamvaPayload(LICENCE_SPECIMEN, { version });
    expect(payload.startsWith(`@\n\x1e\rANSI 636014${String(version).padStart(2, '0')}`)).toBe(true);
    const ds = designators(payload, version);
    expect(ds.map((d) => d.type)).toEqual(['DL', 'ZC']);
    for (const d of ds) {
      const body = payload.slice(d.offset, d.offset + d.length);
      expect(body.startsWith(d.type)).toBe(true);
      expect(body.endsWith('\r')).toBe(true);
    }
    expect(ds[1]!.offset + ds[1]!.length).toBe(payload.length);
  });

  it('writes the element set of each generation', () => {
    const ids = (version: number) => aamvaPayload(LICENCE_SPECIMEN, { version }).split(/[\n\r]/).map((r) => r.replace(/^.*DL(?=D)/, '').slice(0, 3));
    expect(ids(1)).toEqual(expect.arrayContaining(['DAA', 'DAQ', 'DBB']));
    expect(ids(1)).not.toContain('DCS');
    expect(ids(3)).toEqual(expect.arrayContaining(['DCS', 'DCT', 'DCG']));
    expect(ids(3)).not.toContain('DDE');
    expect(ids(10)).toEqual(expect.arrayContaining(['DCS', 'DAC', 'DAD', 'DDE', 'DDF', 'DDG']));
    expect(ids(10)).not.toContain('DCT');
  });

  it('writes US dates MMDDCCYY, Canadian and DL/ID-2000 ones CCYYMMDD', () => {
    expect(aamvaPayload(LICENCE_SPECIMEN, { version: 10 })).toContain('\nDBB12091976\n');
    expect(aamvaPayload(LICENCE_SPECIMEN, { version: 1 })).toContain('\nDBB19761209\n');
    expect(aamvaPayload(ONTARIO, { version: 10 })).toContain('\nDBB19850304\n');
  });

  it('sets the truncation flags, and NONE for a missing middle name', () => {
    const payload = aamvaPayload(ONTARIO, { version: 9, truncated: { lastName: true } });
    expect(payload).toContain('\nDDET\n');
    expect(payload).toContain('\nDDFN\n');
    expect(payload).toContain('\nDADNONE\n');
  });

  it('mangles the separators as scanners do', () => {
    const payload = aamvaPayload(LICENCE_SPECIMEN, { mangle: 'crlf' });
    expect(payload.startsWith('@\r\n\x1e\r\nANSI ')).toBe(true);
    expect(payload.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

describe('pdf417Png', () => {
  it.each([
    ['California v1', LICENCE_SPECIMEN, 1],
    ['California v3', LICENCE_SPECIMEN, 3],
    ['California v8', LICENCE_SPECIMEN, 8],
    ['California v10', LICENCE_SPECIMEN, 10],
    ['Ontario v10', ONTARIO, 10],
    ['California ID card v10', { ...LICENCE_SPECIMEN, subfile: 'ID' as const }, 10],
  ])('%s: ZXing reads the exact payload back, and it parses to the data', async (_, data, version) => {
    const payload = aamvaPayload(data, { version });
    const read = await readPdf417(await pdf417Png(payload));
    expect(read).toEqual([payload]);
    expectParsedAs(read[0]!, data, version);
  });

  it('draws modules of the asked width', async () => {
    const payload = aamvaPayload(LICENCE_SPECIMEN);
    const narrow = await sharp(await pdf417Png(payload, { moduleWidthPx: 1, columns: 10 })).metadata();
    const wide = await sharp(await pdf417Png(payload, { moduleWidthPx: 3, columns: 10 })).metadata();
    expect(wide.width).toBe(narrow.width! * 3);
  });
});

describe('licence pictures', () => {
  it('draws the front at ID-1 size', async () => {
    const front = await sharp(await makeLicenceFront(FACE, LICENCE_SPECIMEN)).metadata();
    expect({ width: front.width, height: front.height }).toEqual({ width: ID_CARD_SIZE.w, height: ID_CARD_SIZE.h });
  });

  it('puts the PDF417 across ~85 % of the back, in its lower half', async () => {
    const back = await makeLicenceBack(aamvaPayload(LICENCE_SPECIMEN));
    const { data, info } = await sharp(back).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
    let [minX, maxX, minY, maxY] = [info.width, 0, info.height, 0];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[y * info.width + x]! >= 40) continue;
        [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
      }
    }
    // The black modules (text is dark blue-grey, lighter than 40) span the symbol.
    expect((maxX - minX) / info.width).toBeGreaterThan(0.8);
    expect((maxX - minX) / info.width).toBeLessThan(0.87);
    expect(minY).toBeGreaterThan(info.height / 2);
    expect(await readPdf417(back)).toEqual([aamvaPayload(LICENCE_SPECIMEN)]);
  });

  it('the back in a 1280 px camera frame decodes straight', async () => {
    const payload = aamvaPayload(LICENCE_SPECIMEN);
    const frame = await makeLicenceFrame(await makeLicenceBack(payload), { width: 1280, height: 720 });
    expect((await sharp(frame).metadata()).format).toBe('jpeg');
    const read = await readPdf417(frame);
    expect(read).toEqual([payload]);
    expectParsedAs(read[0]!, LICENCE_SPECIMEN, 10);
  });

  it('a back without its barcode has none to read', async () => {
    const frame = await makeLicenceFrame(await makeLicenceBack(aamvaPayload(LICENCE_SPECIMEN), { barcode: false }), { width: 1280, height: 720 }, { format: 'png' });
    expect(await readPdf417(frame)).toEqual([]);
  });

  it('turns the card on the table', async () => {
    const back = await makeLicenceBack(aamvaPayload(LICENCE_SPECIMEN));
    const frame = await makeLicenceFrame(back, { width: 1280, height: 720 }, { rotateDeg: 15, format: 'png' });
    const { data, info } = await sharp(frame).greyscale().raw().toBuffer({ resolveWithObject: true });
    // Turned clockwise, the card's top edge falls to the right: it starts higher at 0.3·w than at 0.7·w.
    const firstLight = (x: number) => { for (let y = 0; y < info.height; y++) if (data[y * info.width + x]! > 150) return y; return info.height; };
    expect(firstLight(Math.round(info.width * 0.3))).toBeLessThan(firstLight(Math.round(info.width * 0.7)));
  });
});
