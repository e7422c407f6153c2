import { boxBlur3, downscale, gradient } from '../../../vision/document/grey-ops';
import type { GreyImage } from '../../../vision/document/types';

/** Edge pixels of an image reduced to `edge` px: character strokes and borders, whatever the photo's contrast. */
function strokes(img: GreyImage, edge: number): { xs: number[]; ys: number[]; width: number; height: number } {
  const small = downscale(img, edge);
  const { width: w, height: h } = small;
  const g = gradient(boxBlur3(small));
  // The strongest ~15 % of gradients: strokes, not the dark table's mass around the card.
  const histogram = new Uint32Array(256);
  for (const v of g) histogram[v]!++;
  let threshold = 255;
  for (let n = 0; threshold > 20 && n < 0.15 * g.length; threshold--) n += histogram[threshold]!;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (g[y * w + x]! > threshold) { xs.push(x); ys.push(y); }
  }
  return { xs, ys, width: w, height: h };
}

/**
 * Tilt of the text lines, degrees, positive when they descend to the right (the photo turned
 * clockwise), within ±maxDeg. Projection profile: edge pixels are summed along lines of each
 * candidate slope, and the slope that piles them into the fewest, fullest rows is the text's.
 */
export function textSkew(img: GreyImage, maxDeg = 8): number {
  const { xs, ys, width: w, height: h } = strokes(img, 640);
  if (xs.length < 50) return 0;
  const pad = Math.ceil((w / 2) * Math.tan((maxDeg * Math.PI) / 180)) + 1;
  const rows = new Float64Array(h + 2 * pad);
  const score = (deg: number) => {
    const slope = Math.tan((deg * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i]! - (xs[i]! - w / 2) * slope) + pad]! += 1;
    let s = 0;
    for (const r of rows) s += r * r;
    return s;
  };
  const best = (from: number, to: number, step: number, start: number) => {
    let angle = start;
    let top = score(start);
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = score(a);
      if (s > top) { top = s; angle = a; }
    }
    return angle;
  };
  const coarse = best(-maxDeg, maxDeg, 0.5, 0);
  return Math.round(best(coarse - 0.4, coarse + 0.4, 0.1, coarse) * 10) / 10;
}

/**
 * Whether the (levelled) image's text runs across (lines horizontal) rather than up and down:
 * edge pixels of text lines pile into few rows and spread over the columns. Only the order in
 * which orientations are tried depends on it, so a wrong guess costs time, not a read.
 */
export function textRunsAcross(img: GreyImage): boolean {
  const { xs, ys, width, height } = strokes(img, 480);
  if (xs.length < 50) return img.width >= img.height;
  const concentration = (values: number[], bins: number) => {
    const hist = new Float64Array(bins);
    for (const v of values) hist[v]!++;
    let s = 0;
    for (const c of hist) s += c * c;
    return (s * bins) / (values.length * values.length);
  };
  return concentration(ys, height) >= concentration(xs, width);
}
