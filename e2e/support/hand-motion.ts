import { seededRandom } from '../../test-support/images/seeded-random';

export interface HandMotion {
  /**
   * Slow sway of a hand-held picture, px each way (a sine over the whole clip, so the clip loops
   * without a jump): "a few px over the clip".
   */
  driftPx?: number;
  /** Frame-to-frame tremor, px each way (0–1 px: a steady hand), smoothed over ~3 frames. */
  shakePx?: number;
  seed?: number;
}

/** Per-frame offsets [dx, dy] in px of a clip of `frames` frames; all zero for a tripod. */
export function handMotionPath(frames: number, { driftPx = 0, shakePx = 0, seed = 7 }: HandMotion = {}): Array<[number, number]> {
  const random = seededRandom(seed);
  const jitter = () => (random() * 2 - 1) * shakePx;
  let sx = 0;
  let sy = 0;
  return Array.from({ length: frames }, (_, i) => {
    const t = (2 * Math.PI * i) / frames;
    // Exponential smoothing: tremor is not white noise, and a jump of a whole px between two
    // frames would read as motion.
    sx += 0.4 * (jitter() - sx);
    sy += 0.4 * (jitter() - sy);
    return [driftPx * Math.sin(t) + sx, driftPx * 0.6 * Math.sin(2 * t + 1) + sy];
  });
}
