import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { readRgb } from '../../test-support/images/rgb-image';
import { writeStillFeed, type StillFeedOptions } from './still-feed';

export interface CardFeedOptions extends StillFeedOptions {
  /** Card width / frame width (0.5 fills the on-screen guide, see id-card.ts). */
  cardShare?: number;
  /** 0 = sharp; ~4 px (σ at 640 px) = clearly out of focus. */
  blurSigma?: number;
}

/**
 * The test ID card lying on a dark table, the camera held still above it: sensor noise only
 * (no tremor unless `motion` asks), so a steady card reads as steady. Blur is applied before the
 * noise, as a lens does. Same seed ⇒ the sharp and blurred feeds differ only by focus.
 */
export async function writeCardFeed(
  facePhoto: string,
  out: string,
  size: { width: number; height: number },
  { cardShare = 0.5, blurSigma = 0, frames = 60, ...still }: CardFeedOptions = {},
): Promise<string> {
  const png = await makeIdCardFrame(facePhoto, size, { cardShare, blurSigma, format: 'png' });
  return writeStillFeed(await readRgb(png), out, { frames, ...still });
}
