import { FINDER_LONG_EDGE, findDocumentInPhoto } from '../../../vision/document/find-in-photo';
import { downscale } from '../../../vision/document/grey-ops';
import type { GreyImage, Point } from '../../../vision/document/types';
import { boxAround, crop, rotate } from './mrz-image';
import { textRunsAcross, textSkew } from './text-skew';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Steepest tilt levelled, degrees: a phone held loosely over a table; beyond, it is a quarter turn off. */
export const MAX_TILT_DEG = 22;
/** Under this tilt the band's own fine straightening (read-mrz) is enough: no resample of the whole card. */
const LEVEL_FROM_DEG = 1.5;

export interface CardView {
  /** The card (or the whole photo when no card was found), levelled, cropped to it. */
  image: GreyImage;
  /** A card was found; false: the whole photo stands in for it (a tight scan, a page). */
  found: boolean;
  /** Tilt removed, degrees. */
  tilt: number;
  /** Quarter turns to try, likeliest first (text lines across the image: upright or upside down first). */
  turns: QuarterTurn[];
}

/** Angle of a quad's edge a→b folded into (-45°, 45°]: the tilt whichever side it is. */
function edgeTilt(a: Point, b: Point): number {
  let deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  while (deg > 45) deg -= 90;
  while (deg <= -45) deg += 90;
  return deg;
}

/** Mean of angles near each other, safe across the ±45° fold. */
function meanTilt(angles: number[]): number {
  const ref = angles[0]!;
  const unwrapped = angles.map((a) => (a - ref > 45 ? a - 90 : a - ref < -45 ? a + 90 : a));
  return unwrapped.reduce((s, a) => s + a, 0) / unwrapped.length;
}

function turnsFor(img: GreyImage): QuarterTurn[] {
  return textRunsAcross(img) ? [0, 180, 90, 270] : [90, 270, 0, 180];
}

/**
 * The card of a photo, levelled: its tilt is the mean angle of the quad's four edges when the
 * finder sees the card, else the text lines' own (a tight scan, a card on a busy background).
 * Only the card's surroundings are resampled, never the whole photo.
 */
export async function cardView(img: GreyImage): Promise<CardView> {
  const { corners } = findDocumentInPhoto(downscale(img, FINDER_LONG_EDGE * 2));
  if (!corners) return wholeView(img);
  const quad = corners.map((p) => ({ x: p.x * img.width, y: p.y * img.height }));
  const tilt = meanTilt(quad.map((p, i) => edgeTilt(p, quad[(i + 1) % 4]!)));
  const margin = 0.02 * Math.max(img.width, img.height);
  const around = boxAround(quad, margin, img);
  if (Math.abs(tilt) < LEVEL_FROM_DEG || Math.abs(tilt) > MAX_TILT_DEG) {
    const image = crop(img, around);
    return { image, found: true, tilt: 0, turns: turnsFor(image) };
  }
  const { image: turned, map } = await rotate(crop(img, around), -tilt);
  const inside = quad.map((p) => map({ x: p.x - around.left, y: p.y - around.top }));
  const image = crop(turned, boxAround(inside, margin, turned));
  return { image, found: true, tilt: Math.round(tilt * 10) / 10, turns: turnsFor(image) };
}

/** The whole photo as the card (no card found, or the found one held no MRZ), levelled by its text lines. */
export async function wholeView(img: GreyImage): Promise<CardView> {
  const tilt = textSkew(img, MAX_TILT_DEG);
  const image = Math.abs(tilt) < LEVEL_FROM_DEG ? img : (await rotate(img, -tilt)).image;
  return { image, found: false, tilt: Math.abs(tilt) < LEVEL_FROM_DEG ? 0 : tilt, turns: turnsFor(image) };
}
