import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { ID_CARD_SIZE } from './id-card';

// Test-made North American driving licences: the AAMVA payload their PDF417 carries (written
// from the DL/ID Card Design Standard, versions 01 to 10, independently of the service's parser
// in src/vision/barcode/aamva.ts: the two are separate readings of the standard, so a test
// passing through both checks each against the other), a real PDF417 of it (ZXing's writer),
// and pictures of the card's front and back as a phone camera would see them. Specimen data
// only: made-up people, "SPECIMEN" printed on every card.

/** What a test licence says, on its front and in its barcode. Dates are YYYY-MM-DD. */
export interface LicenceData {
  docNumber: string;
  lastName: string;
  firstName: string;
  /** '' when the person has none (the barcode then says NONE from version 04). */
  middleName: string;
  dob: string;
  expiryDate: string;
  issueDate: string;
  sex: 'M' | 'F' | 'X';
  street: string;
  city: string;
  /** Two-letter state or province code, e.g. 'CA', 'ON'. */
  jurisdiction: string;
  /** US ZIP (12345 or 12345-6789) or Canadian postal code (K1A 0B1). */
  postalCode: string;
  country: 'USA' | 'CAN';
  /** DCF, the document discriminator. */
  discriminator: string;
  /** 'DL' (default) a driving licence, 'ID' an identification card. */
  subfile?: 'DL' | 'ID';
}

/** A made-up Californian, the same person as the ID card specimen of id-card.ts. */
export const LICENCE_SPECIMEN: LicenceData = {
  docNumber: 'D1234567',
  lastName: 'HOPPER',
  firstName: 'GRACE',
  middleName: 'BREWSTER',
  dob: '1976-12-09',
  expiryDate: '2031-12-09',
  issueDate: '2024-01-15',
  sex: 'F',
  street: '123 MAIN ST',
  city: 'SACRAMENTO',
  jurisdiction: 'CA',
  postalCode: '95814',
  country: 'USA',
  discriminator: '1234567890123',
};

/**
 * The jurisdictions tests use: IIN (AAMVA's Issuer Identification Number list) and the name
 * the card prints. Others need `iin` given to aamvaPayload.
 */
const JURISDICTIONS: Readonly<Record<string, { iin: string; name: string }>> = {
  CA: { iin: '636014', name: 'CALIFORNIA' },
  TX: { iin: '636015', name: 'TEXAS' },
  NY: { iin: '636001', name: 'NEW YORK' },
  VA: { iin: '636000', name: 'VIRGINIA' },
  CO: { iin: '636020', name: 'COLORADO' },
  FL: { iin: '636010', name: 'FLORIDA' },
  WA: { iin: '636045', name: 'WASHINGTON' },
  ON: { iin: '636012', name: 'ONTARIO' },
  BC: { iin: '636028', name: 'BRITISH COLUMBIA' },
  QC: { iin: '604428', name: 'QUÉBEC' },
  AB: { iin: '604432', name: 'ALBERTA' },
};

export interface AamvaPayloadOptions {
  /** AAMVA CDS version, 1–10 (default 10). */
  version?: number;
  /** Truncation flags DDE / DDF / DDG ('T' when set, else 'N'); versions 04 on carry them. */
  truncated?: { lastName?: boolean; firstName?: boolean; middleName?: boolean };
  /** Issuer Identification Number, 6 digits; default from the jurisdiction. */
  iin?: string;
  /**
   * What a scanner does to the control characters: 'crlf' writes every LF and CR as CR LF
   * (the header's offsets then point short), 'swap' exchanges CR and LF.
   */
  mangle?: 'none' | 'crlf' | 'swap';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** DL/ID-2000 (version 01) and Canadian documents write CCYYMMDD; US ones from version 02, MMDDCCYY. */
function aamvaDate(iso: string, version: number, country: LicenceData['country']): string {
  const [y, m, d] = iso.split('-');
  return version === 1 || country === 'CAN' ? `${y}${m}${d}` : `${m}${d}${y}`;
}

/** DAK: 11 characters; a US ZIP as 9 digits (+4 of 0000 when unused), space-padded. */
function postalElement(data: LicenceData): string {
  if (data.country === 'CAN') return data.postalCode.toUpperCase().padEnd(11, ' ');
  const digits = data.postalCode.replace(/\D/g, '');
  return (digits.length === 5 ? `${digits}0000` : digits).padEnd(11, ' ');
}

/** The DL or ID subfile's elements for the version, in the order the standard's examples use. */
function subfileElements(data: LicenceData, version: number, truncated: NonNullable<AamvaPayloadOptions['truncated']>): [string, string][] {
  const isDl = (data.subfile ?? 'DL') === 'DL';
  const date = (iso: string) => aamvaDate(iso, version, data.country);
  const height = data.country === 'CAN' ? '170 cm' : '067 in';
  const address: [string, string][] = [['DAG', data.street], ['DAI', data.city], ['DAJ', data.jurisdiction], ['DAK', postalElement(data)]];
  if (version === 1) {
    // DL/ID-2000: one name element, "FAMILY,GIVEN,MIDDLE"; sex as a letter (its annex example).
    const name = [data.lastName, data.firstName, ...(data.middleName ? [data.middleName] : [])].join(',');
    return [
      ['DAQ', data.docNumber], ['DAA', name], ...address,
      ...(isDl ? ([['DAR', 'C'], ['DAS', 'NONE'], ['DAT', 'NONE']] as [string, string][]) : []),
      ['DAU', data.country === 'CAN' ? '170' : '507'], ['DAY', 'BLU'],
      ['DBA', date(data.expiryDate)], ['DBB', date(data.dob)], ['DBC', data.sex], ['DBD', date(data.issueDate)],
    ];
  }
  const sex = { M: '1', F: '2', X: '9' }[data.sex];
  const vehicle: [string, string][] = isDl ? [['DCA', 'C'], ['DCB', 'NONE'], ['DCD', 'NONE']] : [];
  if (version <= 3) {
    // CDS 2003 / 2005: family name DCS, given names DCT (first and middle, comma-separated).
    const given = [data.firstName, ...(data.middleName ? [data.middleName] : [])].join(',');
    return [
      ...vehicle, ['DBA', date(data.expiryDate)], ['DCS', data.lastName], ['DCT', given],
      ['DBD', date(data.issueDate)], ['DBB', date(data.dob)], ['DBC', sex], ['DAY', 'BLU'], ['DAU', height],
      ...address, ['DAQ', data.docNumber], ['DCF', data.discriminator], ['DCG', data.country],
    ];
  }
  // CDS 2009 on: DCS, DAC, DAD (NONE when there is no middle name) and their truncation flags.
  const flag = (t: boolean | undefined) => (t ? 'T' : 'N');
  return [
    ['DAQ', data.docNumber], ['DCS', data.lastName], ['DDE', flag(truncated.lastName)],
    ['DAC', data.firstName], ['DDF', flag(truncated.firstName)],
    ['DAD', data.middleName || 'NONE'], ['DDG', flag(truncated.middleName)],
    ...vehicle, ['DBD', date(data.issueDate)], ['DBB', date(data.dob)], ['DBA', date(data.expiryDate)],
    ['DBC', sex], ['DAU', height], ['DAY', 'BLU'], ...address, ['DCF', data.discriminator], ['DCG', data.country],
  ];
}

/**
 * The AAMVA payload of the data, as the standard lays it out for the version: header "@" LF RS
 * CR "ANSI " IIN, version, jurisdiction version (from 02), number of entries, a 10-character
 * designator per subfile (type, offset from "@", length including the type and the closing CR),
 * then the DL (or ID) subfile and a jurisdiction subfile Z<letter>. Elements end with LF, each
 * subfile with CR. Throws for a jurisdiction without a known IIN and no `iin` (a test's mistake).
 */
export function aamvaPayload(data: LicenceData, { version = 10, truncated = {}, iin, mangle = 'none' }: AamvaPayloadOptions = {}): string {
  const issuer = iin ?? JURISDICTIONS[data.jurisdiction]?.iin;
  if (!issuer || !/^\d{6}$/.test(issuer)) throw new Error(`no IIN for jurisdiction ${data.jurisdiction}: pass options.iin`);
  if (!Number.isInteger(version) || version < 1 || version > 10) throw new Error(`AAMVA version ${version} is not 1–10`);
  const type = data.subfile ?? 'DL';
  const z = `Z${data.jurisdiction[0] ?? 'X'}`;
  const subfiles: [string, string][] = [
    [type, `${type}${subfileElements(data, version, truncated).map(([id, value]) => id + value).join('\n')}\r`],
    [z, `${z}${z}ASPECIMEN\r`],
  ];
  // 19 characters before the designators in version 01 (no jurisdiction version), 21 after.
  let offset = (version === 1 ? 19 : 21) + 10 * subfiles.length;
  const designators = subfiles.map(([t, body]) => {
    const d = `${t}${pad(offset, 4)}${pad(body.length, 4)}`;
    offset += body.length;
    return d;
  });
  const header = `@\n\x1e\rANSI ${issuer}${pad(version, 2)}${version === 1 ? '' : '00'}${pad(subfiles.length, 2)}${designators.join('')}`;
  const payload = header + subfiles.map(([, body]) => body).join('');
  if (mangle === 'crlf') return payload.replace(/[\r\n]/g, '\r\n');
  if (mangle === 'swap') return payload.replace(/[\r\n]/g, (c) => (c === '\r' ? '\n' : '\r'));
  return payload;
}

let writerReady: Promise<unknown> | undefined;
/** ZXing's writer from node_modules' WebAssembly bytes: left alone it would fetch them from a CDN. */
function writer(): Promise<unknown> {
  if (!writerReady) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    writerReady = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  return writerReady;
}

/**
 * A real PDF417 of the text (PNG, black on white with quiet zones): error-correction level 5
 * as licences use, modules `moduleWidthPx` wide (rows 3 modules high), `columns` data columns
 * (default: the writer's choice). Throws when the writer refuses the text.
 */
export async function pdf417Png(text: string, { moduleWidthPx = 3, columns }: { moduleWidthPx?: number; columns?: number } = {}): Promise<Buffer> {
  await writer();
  const options = columns ? `ecLevel=5,columns=${columns}` : 'ecLevel=5';
  const result = await writeBarcode(text, { format: 'PDF417', scale: moduleWidthPx, options });
  if (!result.image) throw new Error(`PDF417 not written: ${result.error}`);
  return Buffer.from(await result.image.arrayBuffer());
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** MM/DD/YYYY as US cards print dates, YYYY/MM/DD as Canadian ones do. */
function printedDate(iso: string, country: LicenceData['country']): string {
  const [y, m, d] = iso.split('-');
  return country === 'CAN' ? `${y}/${m}/${d}` : `${m}/${d}/${y}`;
}

const CARD_STOCK = '#e6edf4';
const INK = '#102a43';

/** The card's title: jurisdiction, kind of document, SPECIMEN. */
function cardTitle(data: LicenceData): string {
  const name = JURISDICTIONS[data.jurisdiction]?.name ?? data.jurisdiction;
  const kind = (data.subfile ?? 'DL') === 'ID' ? 'IDENTIFICATION CARD' : data.country === 'CAN' ? "DRIVER'S LICENCE" : 'DRIVER LICENSE';
  return `${name} · ${kind} · SPECIMEN`;
}

/**
 * The licence's front (PNG, ID_CARD_SIZE, rounded corners on transparency), laid out as AAMVA's
 * card design numbers its fields: portrait on the left, then 4d number, 1 family name, 2 given
 * names, 8 address, 3 DOB, 4b EXP, 4a ISS, 15 SEX, 5 DD, in DejaVu Sans large enough for OCR.
 * No MRZ: North American licences have none.
 */
export async function makeLicenceFront(facePath: string, data: LicenceData): Promise<Buffer> {
  const card = ID_CARD_SIZE;
  const face = await sharp(facePath).resize(240, 300, { fit: 'cover', position: 'attention' }).png().toBuffer();
  const title = cardTitle(data);
  // DejaVu Sans Bold's capitals average ~0.68 em: the title fits the band's 800 px.
  const titleSize = Math.min(30, Math.floor(800 / (title.length * 0.68)));
  const date = (iso: string) => printedDate(iso, data.country);
  const given = [data.firstName, data.middleName].filter(Boolean).join(' ');
  const field = (x: number, y: number, num: string, label: string, value: string, size = 30) =>
    `<text x="${x}" y="${y}"><tspan font-size="18" fill="#b3261e">${num}</tspan> <tspan font-size="20">${label}</tspan> <tspan font-size="${size}" font-weight="bold">${xmlText(value)}</tspan></text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${card.w}" height="${card.h}">
  <rect x="0" y="0" width="${card.w}" height="${card.h}" rx="32" fill="${CARD_STOCK}"/>
  <rect x="0" y="0" width="${card.w}" height="70" rx="32" fill="#1d4f91"/>
  <rect x="0" y="38" width="${card.w}" height="32" fill="#1d4f91"/>
  <text x="${card.w / 2}" y="47" text-anchor="middle" font-family="DejaVu Sans" font-size="${titleSize}" font-weight="bold" fill="#fff">${xmlText(title)}</text>
  <g font-family="DejaVu Sans" fill="${INK}">
    ${field(300, 118, '4d', (data.subfile ?? 'DL') === 'ID' ? 'ID' : 'DL', data.docNumber, 32)}
    ${field(300, 164, '1', '', data.lastName)}
    ${field(300, 206, '2', '', given)}
    ${field(300, 252, '8', '', data.street, 26)}
    <text x="326" y="286" font-size="26" font-weight="bold">${xmlText(`${data.city}, ${data.jurisdiction} ${data.postalCode}`)}</text>
    ${field(300, 334, '3', 'DOB', date(data.dob), 28)}
    ${field(300, 374, '4b', 'EXP', date(data.expiryDate), 28)}
    ${field(300, 414, '4a', 'ISS', date(data.issueDate), 28)}
    ${field(630, 334, '15', 'SEX', data.sex, 28)}
    ${field(40, 452, '5', 'DD', data.discriminator, 24)}
  </g>
  <text x="${card.w - 40}" y="${card.h - 30}" text-anchor="end" font-family="DejaVu Sans" font-size="18" fill="#6b7c93">SPECIMEN · NOT A VALID DOCUMENT</text>
  </svg>`;
  return sharp(Buffer.from(svg)).composite([{ input: face, left: 36, top: 96 }]).png().toBuffer();
}

/** The back's barcode: ~85 % of the card's width, within the lower half. */
const BARCODE_BOX = { left: 64, top: 262, width: 728, height: 252 };

/**
 * The PDF417 of `payload` scaled to BARCODE_BOX's width: the fewest data columns (so the widest
 * modules) whose symbol, at that width, fits the box's height. Nearest-neighbour scaling keeps
 * the modules sharp (each 3 or 4 px at ~3.05 px a module).
 */
async function fittedBarcode(payload: string): Promise<{ png: Buffer; width: number; height: number }> {
  for (let columns = 6; columns <= 30; columns++) {
    const symbol = await pdf417Png(payload, { moduleWidthPx: 1, columns });
    const { width = 1, height = 1 } = await sharp(symbol).metadata();
    const h = Math.round((height * BARCODE_BOX.width) / width);
    if (h <= BARCODE_BOX.height) {
      const png = await sharp(symbol).resize(BARCODE_BOX.width, h, { kernel: 'nearest' }).png().toBuffer();
      return { png, width: BARCODE_BOX.width, height: h };
    }
  }
  throw new Error(`payload of ${payload.length} characters does not fit a licence back`);
}

/**
 * The licence's back (PNG, ID_CARD_SIZE, rounded corners on transparency): the same card stock,
 * small print in the upper half and, as on real licences, the PDF417 of `payload` across ~85 %
 * of the width in the lower half. `barcode: false` leaves the small print alone (a back whose
 * barcode is missing, or a card of a kind that has none).
 */
export async function makeLicenceBack(payload: string, { barcode = true }: { barcode?: boolean } = {}): Promise<Buffer> {
  const card = ID_CARD_SIZE;
  const lines = [
    'This card is the property of the issuing jurisdiction. SPECIMEN: not a valid document.',
    'If found, return it to the Department of Motor Vehicles, P.O. Box 000, Specimen City.',
    'Restrictions: NONE · Endorsements: NONE · Class: C',
    'Organ donor: see registry · Veteran: N · Audit: 0000000000',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${card.w}" height="${card.h}">
  <rect x="0" y="0" width="${card.w}" height="${card.h}" rx="32" fill="${CARD_STOCK}"/>
  <g font-family="DejaVu Sans" font-size="16" fill="${INK}">
    ${lines.map((line, i) => `<text x="48" y="${64 + i * 30}">${xmlText(line)}</text>`).join('\n    ')}
  </g>
  <rect x="48" y="196" width="${card.w - 96}" height="36" fill="none" stroke="#6b7c93" stroke-width="2"/>
  <text x="60" y="220" font-family="DejaVu Sans" font-size="14" fill="#6b7c93">SPECIMEN</text>
  </svg>`;
  const back = sharp(Buffer.from(svg));
  if (!barcode) return back.png().toBuffer();
  const symbol = await fittedBarcode(payload);
  const top = BARCODE_BOX.top + Math.round((BARCODE_BOX.height - symbol.height) / 2);
  return back.composite([{ input: symbol.png, left: BARCODE_BOX.left, top }]).png().toBuffer();
}

export interface LicenceFrameOptions {
  /** Card width as a share of the frame width (0.5, the on-screen guide; 0.8 a close-up). */
  cardShare?: number;
  /** `png` for frames encoded again (camera feeds), `jpeg` (quality 92) for a photo file. */
  format?: 'jpeg' | 'png';
  /** The card turned on the table, degrees clockwise (ZXing's PDF417 detector holds about ±3°). */
  rotateDeg?: number;
}

/** A card (front or back PNG) centred on the dark #3b3b3b table of a camera frame, as makeIdCardFrame draws the ID card. */
export async function makeLicenceFrame(
  cardPng: Buffer,
  out: { width: number; height: number },
  { cardShare = 0.5, format = 'jpeg', rotateDeg = 0 }: LicenceFrameOptions = {},
): Promise<Buffer> {
  const { width = ID_CARD_SIZE.w, height = ID_CARD_SIZE.h } = await sharp(cardPng).metadata();
  const cw = Math.round(out.width * cardShare);
  const ch = Math.round((cw * height) / width);
  let card = await sharp(cardPng).resize(cw, ch).png().toBuffer();
  if (rotateDeg !== 0) card = await sharp(card).rotate(rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const turned = await sharp(card).metadata();
  const frame = sharp({ create: { width: out.width, height: out.height, channels: 3, background: '#3b3b3b' } })
    .composite([{ input: card, left: Math.round((out.width - (turned.width ?? cw)) / 2), top: Math.round((out.height - (turned.height ?? ch)) / 2) }]);
  return format === 'png' ? frame.png().toBuffer() : frame.jpeg({ quality: 92 }).toBuffer();
}
