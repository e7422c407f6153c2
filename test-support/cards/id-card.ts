import sharp from 'sharp';

export interface IdCardFrameOptions {
  /**
   * Card width as a share of the frame width. 0.5 (default) fills the on-screen card guide: on
   * a portrait phone object-fit: cover shows only the central ~54 % of a 640x480 frame, and the
   * guide spans about that. 0.8 is a close-up photo of the card (the upload path).
   */
  cardShare?: number;
  /** Gaussian blur of the whole frame, px (σ at the frame's size): a lens focused elsewhere. */
  blurSigma?: number;
  /** `png` for frames that are encoded again (camera feeds), `jpeg` (quality 92) for a photo file. */
  format?: 'jpeg' | 'png';
}

/**
 * A test-made identity card (ID-1 proportions, 856×540) carrying the face photo, centred on a
 * darker "table" the size of the fake camera frame, as a phone camera would see it. Specimen
 * data only (issuing state UTO, ICAO's specimen country); a full TD1 machine-readable zone in
 * OCR-B (Debian fonts-ocr-b) with valid check digits and an expiry years ahead, so the service's
 * MRZ reader has a real document to read.
 */
export const ID_CARD_SIZE = { w: 856, h: 540 };

/** ICAO 9303 check digit: weights 7, 3, 1 over digits, letters A=10…Z=35, filler < = 0. */
export function mrzCheckDigit(field: string): string {
  const value = (ch: string) => (ch === '<' ? 0 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55);
  return String([...field].reduce((sum, ch, i) => sum + value(ch) * [7, 3, 1][i % 3]!, 0) % 10);
}

export const SPECIMEN = {
  surname: 'HOPPER', givenNames: 'GRACE', docNumber: 'D23145890', dob: '761209', sex: 'F', expiry: '311209', state: 'UTO',
} as const;

/** The three 30-character TD1 lines of SPECIMEN. */
export function specimenTd1(): [string, string, string] {
  const p = SPECIMEN;
  const line1 = `I<${p.state}${p.docNumber}${mrzCheckDigit(p.docNumber)}`.padEnd(30, '<');
  const line2head = `${p.dob}${mrzCheckDigit(p.dob)}${p.sex}${p.expiry}${mrzCheckDigit(p.expiry)}${p.state}`.padEnd(29, '<');
  const composite = mrzCheckDigit(line1.slice(5) + line2head.slice(0, 7) + line2head.slice(8, 15) + line2head.slice(18, 29));
  const line3 = `${p.surname}<<${p.givenNames}`.padEnd(30, '<');
  return [line1, line2head + composite, line3];
}

const xmlText = (s: string) => s.replace(/</g, '&lt;');

/** The card alone (PNG, ID_CARD_SIZE, rounded corners on transparency). */
export async function makeIdCard(facePath: string): Promise<Buffer> {
  const card = ID_CARD_SIZE;
  const face = await sharp(facePath).resize(240, 300, { fit: 'cover', position: 'attention' }).png().toBuffer();
  const mrz = specimenTd1();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${card.w}" height="${card.h}">
  <rect x="0" y="0" width="${card.w}" height="${card.h}" rx="32" fill="#dfe9f5"/>
  <rect x="0" y="0" width="${card.w}" height="70" rx="32" fill="#1f4e8c"/>
  <text x="40" y="48" font-family="DejaVu Sans" font-size="30" fill="#fff" font-weight="bold">SPECIMEN · IDENTITY CARD</text>
  <g font-family="DejaVu Sans" fill="#102a43">
    <text x="320" y="115" font-size="20">Surname</text><text x="320" y="148" font-size="30" font-weight="bold">${SPECIMEN.surname}</text>
    <text x="320" y="188" font-size="20">Given names</text><text x="320" y="221" font-size="30" font-weight="bold">${SPECIMEN.givenNames}</text>
    <text x="320" y="261" font-size="20">Date of birth</text><text x="320" y="292" font-size="28">09.12.1976</text>
    <text x="600" y="261" font-size="20">Sex</text><text x="600" y="292" font-size="28">F</text>
    <text x="320" y="332" font-size="20">Document no.</text><text x="320" y="363" font-size="28">${SPECIMEN.docNumber}</text>
  </g>
  <g font-family="OCR B" font-size="34" fill="#111">
    ${mrz.map((line, i) => `<text x="44" y="${438 + i * 43}">${xmlText(line)}</text>`).join('\n    ')}
  </g></svg>`;
  return sharp(Buffer.from(svg)).composite([{ input: face, left: 40, top: 88 }]).png().toBuffer();
}

export async function makeIdCardFrame(
  facePath: string,
  out: { width: number; height: number },
  { cardShare = 0.5, blurSigma = 0, format = 'jpeg' }: IdCardFrameOptions = {},
): Promise<Buffer> {
  const card = ID_CARD_SIZE;
  const cardPng = await makeIdCard(facePath);
  const cw = Math.round(out.width * cardShare);
  const ch = Math.round((cw * card.h) / card.w);
  const scaled = await sharp(cardPng).resize(cw, ch).png().toBuffer();
  const frame = await sharp({ create: { width: out.width, height: out.height, channels: 3, background: '#3b3b3b' } })
    .composite([{ input: scaled, left: Math.round((out.width - cw) / 2), top: Math.round((out.height - ch) / 2) }])
    .png().toBuffer();
  // A card out of focus: the whole picture is soft, as through a lens focused elsewhere.
  const picture = blurSigma > 0 ? sharp(frame).blur(blurSigma) : sharp(frame);
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg({ quality: 92 }).toBuffer();
}
