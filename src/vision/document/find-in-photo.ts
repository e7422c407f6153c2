// Is there an identity document in a whole still photo (manual shutter, a picked file, an
// upload the server receives)? Same finder as the live frames, no guide, lenient on size.
import { findCard } from './find-card';
import { downscale } from './grey-ops';
import { quadArea } from './regions';
import type { GreyImage, NormPoint } from './types';

/** Working size of the finder, px on the long edge (live frames use the same). */
export const FINDER_LONG_EDGE = 320;
/**
 * A document photographed to be verified covers at least 13 % of the largest square the picture
 * holds (its short side squared): measured that way, a card half as wide as a photo taken
 * upright (16 %) counts as one a third as wide as a landscape photo does, where a share of the
 * whole picture would punish the upright one. Smaller rectangles are what a photo of anything
 * else holds: a number plate, a window, a patch of fur that happens to be card-shaped (4-9 % on
 * the real negatives of fixtures/).
 */
export const PHOTO_MIN_AREA_OF_SQUARE = 0.13;

export interface PhotoFinding {
  found: boolean;
  corners: NormPoint[] | null;
}

/**
 * A card whose edges are visible, large enough to read (PHOTO_MIN_AREA_OF_SQUARE). A picture filled edge to
 * edge by the card (a tight scan) is not recognised: the person is asked for a photo showing
 * the whole document, which is also what the capture guide asks.
 */
export function findDocumentInPhoto(image: GreyImage): PhotoFinding {
  const small = downscale(image, FINDER_LONG_EDGE);
  const card = findCard(small);
  if (!card || card.quad.touchesBorder) return { found: false, corners: null };
  const short = Math.min(small.width, small.height);
  if (quadArea(card.quad.corners) < PHOTO_MIN_AREA_OF_SQUARE * short * short) return { found: false, corners: null };
  return {
    found: true,
    corners: card.quad.corners.map((p) => ({ x: p.x / small.width, y: p.y / small.height })),
  };
}
