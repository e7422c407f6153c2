import { handMotionPath, type HandMotion } from './hand-motion';
import { writeMjpeg } from './mjpeg-writer';
import { shiftRgb, type RgbImage } from '../../test-support/images/rgb-image';
import { sensorNoise } from '../../test-support/images/sensor-noise';

export interface StillFeedOptions {
  /** Clip length at 30 fps (Chromium loops it). 60 = 2 s. */
  frames?: number;
  /** Sensor noise, levels of 255 (see sensor-noise.ts). */
  lumaSigma?: number;
  chromaSigma?: number;
  motion?: HandMotion;
  seed?: number;
}

/**
 * A camera looking at a still scene: `image` (already at the feed's size) in every frame, with
 * fresh sensor noise each frame and, if asked, a hand-held sway/tremor. Resolves with the
 * absolute path of the MJPEG.
 */
export function writeStillFeed(image: RgbImage, out: string, { frames = 60, lumaSigma = 2, chromaSigma = 0.8, motion = {}, seed = 1 }: StillFeedOptions = {}): Promise<string> {
  const noise = sensorNoise({ lumaSigma, chromaSigma, seed });
  const path = handMotionPath(frames, { seed, ...motion });
  return writeMjpeg(out, image, frames, (i) => {
    const [dx, dy] = path[i]!;
    const frame = dx || dy ? shiftRgb(image, dx, dy) : { ...image, data: new Uint8Array(image.data) };
    noise.apply(frame);
    return frame;
  });
}
