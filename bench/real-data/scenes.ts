// A real document scan laid on a table and photographed, as a person would: a plain or wooden
// surface around it, a margin, a small turn, a phone held upright (portrait) or sideways.
import sharp from 'sharp';
import type { GreyImage } from '../../src/vision/document/types';

export interface Placement {
  /** Document width as a share of the frame's width (fit inside the frame whatever its aspect). */
  share: number;
  rotateDeg: number;
  table: string;
  portrait: boolean;
  /**
   * An open passport booklet (an upright picture of two pages) is held with its data page, the
   * lower page, in the guide: that page is centred in the frame and is the document's outline.
   */
  lowerPageInCentre?: boolean;
}

/** Tables of different brightness: dark, light grey (low contrast with white paper), wood. */
export const TABLES = ['#3b3b3b', '#d8d4cc', '#7a5030'];

export const FRAME_PORTRAIT = { width: 720, height: 1280 };

export interface Placed {
  jpeg: Buffer;
  /** Where the document's corners are, 0..1 of the frame (clockwise from top-left): the data page of a booklet. */
  corners: { x: number; y: number }[];
  /** The whole picture's outline (a booklet's two pages; else the same as `corners`). */
  whole: { x: number; y: number }[];
}

export async function placeOnTable(file: string, p: Placement): Promise<Placed> {
  const W = p.portrait ? FRAME_PORTRAIT.width : FRAME_PORTRAIT.height;
  const H = p.portrait ? FRAME_PORTRAIT.height : FRAME_PORTRAIT.width;
  const a = (p.rotateDeg * Math.PI) / 180;
  const src = await sharp(file).rotate().metadata();
  // Turned, the document's bounding box grows: shrink it so the turned document still fits.
  const [sw, sh] = (src.orientation ?? 1) >= 5 ? [src.height!, src.width!] : [src.width!, src.height!];
  const fit = Math.min(W * p.share / sw, H * p.share / sh);
  const box = { w: sw * fit * Math.abs(Math.cos(a)) + sh * fit * Math.abs(Math.sin(a)), h: sw * fit * Math.abs(Math.sin(a)) + sh * fit * Math.abs(Math.cos(a)) };
  const shrink = Math.min(1, (0.98 * W) / box.w, (0.98 * H) / box.h);
  let doc = await sharp(file).rotate().flatten({ background: '#ffffff' })
    .resize(Math.max(1, Math.round(sw * fit * shrink)), Math.max(1, Math.round(sh * fit * shrink)), { fit: 'fill' }).png().toBuffer();
  const flat = await sharp(doc).metadata();
  const corners = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sx, sy]) => {
    const x = (sx! * flat.width!) / 2; const y = (sy! * flat.height!) / 2;
    return { x: (W / 2 + x * Math.cos(a) - y * Math.sin(a)) / W, y: (H / 2 + x * Math.sin(a) + y * Math.cos(a)) / H };
  });
  if (p.rotateDeg) doc = await sharp(doc).rotate(p.rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const m = await sharp(doc).metadata();
  const booklet = Boolean(p.lowerPageInCentre) && flat.height! > flat.width!;
  // Moving the booklet up by a quarter of its height puts its lower page's centre in the frame's.
  const lift = booklet ? Math.round(flat.height! / 4) : 0;
  const jpeg = await sharp({ create: { width: W, height: H, channels: 3, background: p.table } })
    .composite([{ input: doc, left: Math.round((W - m.width!) / 2), top: Math.round((H - m.height!) / 2) - lift }])
    .jpeg({ quality: 85 }).toBuffer();
  // The lower page's outline (only placed straight: a booklet is not turned in these scenes).
  const y0 = 0.5 - flat.height! / 4 / H;
  const y1 = 0.5 + flat.height! / 4 / H;
  const outline = booklet && !p.rotateDeg
    ? [{ x: corners[0]!.x, y: y0 }, { x: corners[1]!.x, y: y0 }, { x: corners[2]!.x, y: y1 }, { x: corners[3]!.x, y: y1 }]
    : corners;
  return { jpeg, corners: outline, whole: corners.map((c) => ({ x: c.x, y: c.y - lift / H })) };
}

/** Grey pixels at most `longEdge` px on the long side (what the finder works on). */
export async function greyOf(input: Buffer | string, longEdge: number): Promise<GreyImage> {
  const { data, info } = await sharp(input).rotate().resize(longEdge, longEdge, { fit: 'inside', withoutEnlargement: true })
    .greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** The found quad is the document: same centre (within 4 % of the frame) and area (within 20 %). */
export function sameQuad(found: readonly { x: number; y: number }[], truth: readonly { x: number; y: number }[]): boolean {
  const centre = (q: readonly { x: number; y: number }[]) => ({ x: q.reduce((s, c) => s + c.x, 0) / 4, y: q.reduce((s, c) => s + c.y, 0) / 4 });
  const area = (q: readonly { x: number; y: number }[]) => Math.abs(q.reduce((s, c, i) => { const n = q[(i + 1) % 4]!; return s + c.x * n.y - n.x * c.y; }, 0)) / 2;
  const a = centre(found); const b = centre(truth);
  const ratio = area(found) / area(truth);
  return Math.hypot(a.x - b.x, a.y - b.y) < 0.04 && ratio > 0.8 && ratio < 1.25;
}
