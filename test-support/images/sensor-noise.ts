import type { RgbImage } from './rgb-image';
import { gaussianFrom, seededRandom } from './seeded-random';

export interface SensorNoise {
  /** Adds this frame's noise to `image` in place. */
  apply(image: RgbImage): void;
}

const TABLE_SIZE = 1 << 20;

/**
 * Mild, seeded camera-sensor noise: a still scene through a real camera never repeats a frame
 * bit for bit, and the app's motion and focus measures should see that. Each pixel gets a
 * grey (luma) part of `lumaSigma` levels (0–255 scale) plus `chromaSigma` per channel. Values are
 * read from one precomputed Gaussian table at a random offset per frame (fast, deterministic).
 */
export function sensorNoise({ lumaSigma = 2, chromaSigma = 0.8, seed = 1 }: { lumaSigma?: number; chromaSigma?: number; seed?: number } = {}): SensorNoise {
  const uniform = seededRandom(seed);
  const gauss = gaussianFrom(uniform);
  const table = new Float32Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) table[i] = gauss();
  const mask = TABLE_SIZE - 1;
  return {
    apply(image) {
      const { data } = image;
      let k = Math.floor(uniform() * TABLE_SIZE);
      for (let i = 0; i < data.length; i += 3) {
        const luma = table[k++ & mask]! * lumaSigma;
        for (let c = 0; c < 3; c++) {
          const v = data[i + c]! + luma + table[k++ & mask]! * chromaSigma;
          data[i + c] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
        }
      }
    },
  };
}
