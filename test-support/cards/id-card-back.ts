import sharp from 'sharp';
import { ID_CARD_SIZE, SPECIMEN, specimenTd1 } from './id-card';

/**
 * The back of the test-made identity card (id-card.ts), as a TD1 card's back is laid out: the
 * same card stock and colour, the address and issuing authority, a 2D barcode and the holder's
 * signature, and the three-line machine-readable zone at the bottom (the same specimen MRZ as
 * the front, so the service reads the same document from either side). What a person shows
 * once the card is turned over; unit tests and the slow-flip journey tell it from the front.
 */
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A seeded pattern of black modules, as a PDF417 / QR block looks from a phone. */
function barcode(x: number, y: number, cols: number, rows: number, cell: number): string {
  let s = 11;
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      if ((s >> 16) & 1) out.push(`<rect x="${x + c * cell}" y="${y + r * cell}" width="${cell}" height="${cell}"/>`);
    }
  }
  return `<g fill="#111">${out.join('')}</g>`;
}

/** The back alone (PNG, ID_CARD_SIZE, rounded corners on transparency). */
export async function makeIdCardBack(): Promise<Buffer> {
  const card = ID_CARD_SIZE;
  const mrz = specimenTd1();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${card.w}" height="${card.h}">
  <rect x="0" y="0" width="${card.w}" height="${card.h}" rx="32" fill="#dfe9f5"/>
  <g font-family="DejaVu Sans" fill="#102a43">
    <text x="40" y="60" font-size="20">Address</text>
    <text x="40" y="92" font-size="26" font-weight="bold">12 SPECIMEN STREET</text>
    <text x="40" y="124" font-size="26" font-weight="bold">10115 UTOPIA CITY</text>
    <text x="40" y="170" font-size="20">Authority</text>
    <text x="40" y="200" font-size="24">CITY OF UTOPIA</text>
    <text x="40" y="246" font-size="20">Date of issue</text>
    <text x="40" y="276" font-size="24">01.02.2021</text>
    <text x="300" y="246" font-size="20">Height</text>
    <text x="300" y="276" font-size="24">170 cm</text>
    <text x="40" y="322" font-size="20">Signature of the holder</text>
    <path d="M60 370 c30 -40 50 30 80 -10 s40 -30 70 10 s40 10 90 -20" stroke="#102a43" stroke-width="4" fill="none"/>
    <text x="300" y="322" font-size="18">${xmlText(SPECIMEN.docNumber)}</text>
  </g>
  ${barcode(560, 40, 30, 34, 8)}
  <g font-family="OCR B" font-size="34" fill="#111">
    ${mrz.map((line, i) => `<text x="44" y="${438 + i * 43}">${xmlText(line)}</text>`).join('\n    ')}
  </g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The back centred on the same dark table as makeIdCardFrame's front, same sizes. */
export async function makeIdCardBackFrame(
  out: { width: number; height: number },
  { cardShare = 0.5, format = 'jpeg' }: { cardShare?: number; format?: 'jpeg' | 'png' } = {},
): Promise<Buffer> {
  const cw = Math.round(out.width * cardShare);
  const ch = Math.round((cw * ID_CARD_SIZE.h) / ID_CARD_SIZE.w);
  const scaled = await sharp(await makeIdCardBack()).resize(cw, ch).png().toBuffer();
  const frame = sharp({ create: { width: out.width, height: out.height, channels: 3, background: '#3b3b3b' } })
    .composite([{ input: scaled, left: Math.round((out.width - cw) / 2), top: Math.round((out.height - ch) / 2) }]);
  return format === 'png' ? frame.png().toBuffer() : frame.jpeg({ quality: 92 }).toBuffer();
}
