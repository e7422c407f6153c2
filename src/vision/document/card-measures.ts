// Light, focus and glare measured inside the found card only: the table around it does not count.
import { insideQuad, shrinkQuad } from './regions';
import type { GreyImage, Point } from './types';

export interface CardMeasures {
  /** Mean luma inside the card, 0..255. */
  brightness: number;
  /**
   * Focus: mean |Laplacian| over the card's contrast (std of luma), so a dim or washed-out card
   * is judged on its edges, not its lighting. A sharp printed card reads ~0.5+, a soft one < 0.3.
   */
  sharpness: number;
  /** Largest solid blown-out blob (luma ≥ 250) inside the card, as a share of the card's area. */
  glare: number;
}

/** Luma at or above this is blown out (no detail left under a reflection). */
const BLOWN = 250;

function boundsOf(quad: readonly Point[], w: number, h: number) {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  return {
    x0: Math.max(1, Math.ceil(Math.min(...xs))), x1: Math.min(w - 2, Math.floor(Math.max(...xs))),
    y0: Math.max(1, Math.ceil(Math.min(...ys))), y1: Math.min(h - 2, Math.floor(Math.max(...ys))),
  };
}

/**
 * A blown-out blob counts as a reflection only when it is solid: its outline is short for its
 * area (compactness 4πA/P² of a disc is 1, of an ellipse twice as long as wide ~0.9). The white
 * paper of a real document is blown out too in a bright scan or photo, but it is full of holes
 * (every letter, the portrait) and its outline runs round each of them: compactness well under
 * 0.05. A reflection erases the print under it, so it has no such holes.
 */
const MIN_GLARE_COMPACTNESS = 0.15;

/** Largest solid 4-connected blob of `mask` (restricted to the bounds), px. */
function largestSolidBlob(mask: Uint8Array, w: number, b: ReturnType<typeof boundsOf>): number {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  let largest = 0;
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const start = y * w + x;
      if (!mask[start] || seen[start]) continue;
      seen[start] = 1;
      stack.push(start);
      let size = 0;
      let outline = 0;
      while (stack.length) {
        const i = stack.pop()!;
        size++;
        let edge = false;
        for (const j of [i - 1, i + 1, i - w, i + w]) {
          if (!mask[j]) edge = true;
          else if (!seen[j]) { seen[j] = 1; stack.push(j); }
        }
        if (edge) outline++;
      }
      const compact = outline ? (4 * Math.PI * size) / (outline * outline) : 1;
      if (size > largest && compact >= MIN_GLARE_COMPACTNESS) largest = size;
    }
  }
  return largest;
}

export function measureCard(image: GreyImage, corners: readonly Point[]): CardMeasures {
  const { width: w, height: h, data: d } = image;
  // Stay clear of the card's outline: its own edge against the table is not focus.
  const inner = shrinkQuad(corners, 0.08);
  const b = boundsOf(inner, w, h);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let lap = 0;
  const blown = new Uint8Array(w * h);
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      if (!insideQuad(inner, x, y)) continue;
      const i = y * w + x;
      const v = d[i]!;
      n++;
      sum += v;
      sumSq += v * v;
      lap += Math.abs(4 * v - d[i - 1]! - d[i + 1]! - d[i - w]! - d[i + w]!);
      if (v >= BLOWN) blown[i] = 1;
    }
  }
  if (!n) return { brightness: 0, sharpness: 0, glare: 0 };
  const mean = sum / n;
  const std = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  return {
    brightness: mean,
    sharpness: lap / n / (std + 4),
    glare: largestSolidBlob(blown, w, b) / n,
  };
}
