// Small image operations on GreyImage, written for speed on ~320x240 frames (no allocation per
// pixel, typed arrays only).
import type { GreyImage } from './types';

/** 3x3 box blur: enough to calm sensor noise and JPEG blocks before thresholds. */
export function boxBlur3(img: GreyImage): GreyImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = y > 0 ? y - 1 : y;
    const y1 = y < h - 1 ? y + 1 : y;
    for (let x = 0; x < w; x++) {
      const x0 = x > 0 ? x - 1 : x;
      const x1 = x < w - 1 ? x + 1 : x;
      const s = data[y0 * w + x0]! + data[y0 * w + x]! + data[y0 * w + x1]!
        + data[y * w + x0]! + data[y * w + x]! + data[y * w + x1]!
        + data[y1 * w + x0]! + data[y1 * w + x]! + data[y1 * w + x1]!;
      out[y * w + x] = (s / 9) | 0;
    }
  }
  return { width: w, height: h, data: out };
}

/** Sobel gradient magnitude (|gx| + |gy|, clamped to 255); the border is 0. */
export function gradient(img: GreyImage): Uint8Array {
  const { width: w, height: h, data: d } = img;
  const out = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = d[i - w + 1]! + 2 * d[i + 1]! + d[i + w + 1]! - d[i - w - 1]! - 2 * d[i - 1]! - d[i + w - 1]!;
      const gy = d[i + w - 1]! + 2 * d[i + w]! + d[i + w + 1]! - d[i - w - 1]! - 2 * d[i - w]! - d[i - w + 1]!;
      const m = (Math.abs(gx) + Math.abs(gy)) >> 2;
      out[i] = m > 255 ? 255 : m;
    }
  }
  return out;
}

/** Otsu's threshold of a grey histogram: the level that best splits it in two classes. */
export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB) continue;
    const wF = data.length - wB;
    if (!wF) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Nearest-neighbour resize to fit `maxLongEdge` (never upscales). */
export function downscale(img: GreyImage, maxLongEdge: number): GreyImage {
  const scale = Math.min(1, maxLongEdge / Math.max(img.width, img.height));
  if (scale === 1) return img;
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(w * h);
  // Box average over the source pixels each target pixel covers: a plain pick would alias text.
  const sx = img.width / w;
  const sy = img.height / h;
  for (let y = 0; y < h; y++) {
    const ya = Math.floor(y * sy);
    const yb = Math.max(ya + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < w; x++) {
      const xa = Math.floor(x * sx);
      const xb = Math.max(xa + 1, Math.floor((x + 1) * sx));
      let s = 0;
      for (let yy = ya; yy < yb; yy++) for (let xx = xa; xx < xb; xx++) s += img.data[yy * img.width + xx]!;
      out[y * w + x] = (s / ((yb - ya) * (xb - xa))) | 0;
    }
  }
  return { width: w, height: h, data: out };
}

/** RGBA (canvas ImageData) to luma, BT.601 weights. */
export function rgbaToGrey(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): GreyImage {
  const out = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4) {
    out[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  }
  return { width, height, data: out };
}
