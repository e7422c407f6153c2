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
 * data only; the MRZ lines follow the TD1 layout so a reader has something realistic to parse.
 */
export const ID_CARD_SIZE = { w: 856, h: 540 };

/** The card alone (PNG, ID_CARD_SIZE, rounded corners on transparency). */
export async function makeIdCard(facePath: string): Promise<Buffer> {
  const card = ID_CARD_SIZE;
  const face = await sharp(facePath).resize(240, 300, { fit: 'cover', position: 'attention' }).png().toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${card.w}" height="${card.h}">
  <rect x="0" y="0" width="${card.w}" height="${card.h}" rx="32" fill="#dfe9f5"/>
  <rect x="0" y="0" width="${card.w}" height="80" rx="32" fill="#1f4e8c"/>
  <text x="40" y="55" font-family="DejaVu Sans" font-size="34" fill="#fff" font-weight="bold">SPECIMEN · IDENTITY CARD</text>
  <g font-family="DejaVu Sans" fill="#102a43">
    <text x="320" y="150" font-size="22">Surname</text><text x="320" y="185" font-size="32" font-weight="bold">HOPPER</text>
    <text x="320" y="235" font-size="22">Given names</text><text x="320" y="270" font-size="32" font-weight="bold">GRACE</text>
    <text x="320" y="320" font-size="22">Date of birth</text><text x="320" y="355" font-size="30">09.12.1906</text>
    <text x="600" y="320" font-size="22">Sex</text><text x="600" y="355" font-size="30">F</text>
    <text x="320" y="405" font-size="22">Document no.</text><text x="320" y="440" font-size="30">L898902C3</text>
    <text x="40" y="505" font-family="DejaVu Sans Mono" font-size="26">IDUTOL898902C36&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>
  </g></svg>`;
  return sharp(Buffer.from(svg)).composite([{ input: face, left: 40, top: 120 }]).png().toBuffer();
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
