// Is this the same side of the card as before? The back step must not take the front again (a
// person slow to turn the card over), and the server must not store the front as the back.
// A side is summarised by a small grey thumbnail of the card itself: the found quad mapped to a
// landscape rectangle (so position, size, small rotation and perspective do not matter),
// sampled with an area average (so JPEG blocks, noise and a soft focus do not either), then
// shifted to zero mean and unit length (so brightness and contrast do not). Two sides are
// compared by correlation, allowing a cell of shift (imprecise corners) and a half turn (a card
// shown upside down is still the same side). Pure; the browser's Worker and the server share it.
import type { GreyImage, NormPoint } from './types';

/** Thumbnail size: about the ID-1 proportions, coarse enough to ignore a few pixels of error. */
export const SIDE_SIGNATURE_SIZE = { width: 32, height: 20 } as const;
/** Share of the card left out along each edge: rounded corners and the table must not count. */
const INSET = 0.06;
/** Sub-samples per cell along each axis (area average at any card size). */
const SUBSAMPLES = 4;

/**
 * Correlation thresholds. On 13 real ID cards and residence permits (front and back scans of
 * specimens, each side laid on three tables, turned, upright and sideways, near and far:
 * bench/real-data/side-bench.ts, run of 2026-11-26) the same side scored 0.736–0.991 against
 * itself and the other side at most 0.621; on the project's test card (card-side.test.ts) the
 * same side scores 0.93–1.0 and the other 0.42–0.67 (that card prints one MRZ on both sides).
 * `sameMin` refuses an upload (server) or blocks a still photo (browser): only a clear match
 * is "the front again", since refusing an honest back would leave the person stuck.
 * `differentMax` is what the live back step waits for before it takes the picture by itself:
 * clearly another side. Between them, the camera waits for a better look while a photo the
 * person chose is let through (the server decides the same way).
 */
export const SIDE_THRESHOLDS = { sameMin: 0.75, differentMax: 0.68 } as const;

export interface SideSignature {
  width: number;
  height: number;
  /** Zero mean, unit length. All zero for a card with no contrast at all. */
  data: Float32Array;
}

export type SideVerdict = 'same' | 'unsure' | 'different';

const dist = (a: NormPoint, b: NormPoint) => Math.hypot(a.x - b.x, a.y - b.y);

function sample(img: GreyImage, x: number, y: number): number {
  const { width: w, height: h, data } = img;
  const cx = Math.min(Math.max(x, 0), w - 1);
  const cy = Math.min(Math.max(y, 0), h - 1);
  const x0 = Math.min(Math.floor(cx), w - 2 < 0 ? 0 : w - 2);
  const y0 = Math.min(Math.floor(cy), h - 2 < 0 ? 0 : h - 2);
  const x1 = Math.min(x0 + 1, w - 1);
  const y1 = Math.min(y0 + 1, h - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const top = data[y0 * w + x0]! * (1 - fx) + data[y0 * w + x1]! * fx;
  const bottom = data[y1 * w + x0]! * (1 - fx) + data[y1 * w + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Removes the best-fitting plane (mean and a left-right / top-bottom ramp: a lamp on one side
 * lights every side of the card the same way, which would make two sides alike), then scales
 * to unit length (in place); a flat thumbnail stays all zero.
 */
function normalise(v: Float32Array, W: number, H: number): Float32Array {
  // On a centred grid x and y are orthogonal to each other and to the constant: three
  // independent projections give the least-squares plane.
  let mean = 0; let sx = 0; let sy = 0; let xx = 0; let yy = 0;
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const x = i - (W - 1) / 2;
      const y = j - (H - 1) / 2;
      const p = v[j * W + i]!;
      mean += p; sx += p * x; sy += p * y; xx += x * x; yy += y * y;
    }
  }
  mean /= v.length;
  const gx = sx / xx;
  const gy = sy / yy;
  let norm = 0;
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const k = j * W + i;
      v[k] = v[k]! - mean - gx * (i - (W - 1) / 2) - gy * (j - (H - 1) / 2);
      norm += v[k]! * v[k]!;
    }
  }
  norm = Math.sqrt(norm);
  if (norm > 1e-6) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/**
 * Vertical 3-row average of the thumbnail: lines of small text (the MRZ, an address) are about
 * two rows apart there, so a slightly taller or shorter quad would put lines where gaps were;
 * averaged, they become even bands and the layout (photo, blocks, bands of colour) is compared.
 */
function smooth(v: Float32Array, W: number, H: number): Float32Array {
  const out = new Float32Array(v.length);
  for (let j = 0; j < H; j++) {
    const a = Math.max(0, j - 1);
    const b = Math.min(H - 1, j + 1);
    for (let i = 0; i < W; i++) {
      let s = 0;
      for (let k = a; k <= b; k++) s += v[k * W + i]!;
      out[j * W + i] = s / (b - a + 1);
    }
  }
  return out;
}

/** Part of the card's own frame to read: u across (0 left edge, 1 right), v down. */
interface Window { u0: number; u1: number; v0: number; v1: number }
const WHOLE: Window = { u0: 0, u1: 1, v0: 0, v1: 1 };

/** The found quad as corner points in px, turned to landscape when the card is held upright. */
function landscapeQuad(image: GreyImage, corners: readonly NormPoint[]): [NormPoint, NormPoint, NormPoint, NormPoint] {
  let c = corners.map((p) => ({ x: p.x * image.width, y: p.y * image.height }));
  if (dist(c[0]!, c[3]!) + dist(c[1]!, c[2]!) > dist(c[0]!, c[1]!) + dist(c[3]!, c[2]!)) c = [c[3]!, c[0]!, c[1]!, c[2]!];
  return c as [NormPoint, NormPoint, NormPoint, NormPoint];
}

function signatureOf(image: GreyImage, quad: readonly NormPoint[], win: Window, subsamples: number): SideSignature {
  const [tl, tr, br, bl] = quad as [NormPoint, NormPoint, NormPoint, NormPoint];
  const { width: W, height: H } = SIDE_SIGNATURE_SIZE;
  const out = new Float32Array(W * H);
  const u0 = win.u0 + INSET * (win.u1 - win.u0);
  const du = (1 - 2 * INSET) * (win.u1 - win.u0);
  const v0 = win.v0 + INSET * (win.v1 - win.v0);
  const dv = (1 - 2 * INSET) * (win.v1 - win.v0);
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      let s = 0;
      for (let b = 0; b < subsamples; b++) {
        const v = v0 + dv * (j + (b + 0.5) / subsamples) / H;
        for (let a = 0; a < subsamples; a++) {
          const u = u0 + du * (i + (a + 0.5) / subsamples) / W;
          // Bilinear map of the unit square onto the quad: close to a homography for a card
          // held roughly square to the camera, which is all the guide accepts anyway.
          const x = (1 - v) * ((1 - u) * tl.x + u * tr.x) + v * ((1 - u) * bl.x + u * br.x);
          const y = (1 - v) * ((1 - u) * tl.y + u * tr.y) + v * ((1 - u) * bl.y + u * br.y);
          s += sample(image, x, y);
        }
      }
      out[j * W + i] = s / (subsamples * subsamples);
    }
  }
  return { width: W, height: H, data: normalise(smooth(out, W, H), W, H) };
}

/**
 * The signature of the card whose corners (clockwise from top-left, 0..1 of the image, as the
 * finder gives them) are in `image`. A card held upright (portrait) is read turned to landscape.
 */
export function sideSignature(image: GreyImage, corners: readonly NormPoint[]): SideSignature {
  return signatureOf(image, landscapeQuad(image, corners), WHOLE, SUBSAMPLES);
}

/**
 * How far an edge of the found quad may be from the card's real edge, share of the card: the
 * finder can leave out a dark band along an edge (a coloured header, a dark strip) in one
 * picture and include it in the next, so the same side would otherwise be read misaligned.
 */
const EDGE_SLACK = { u: 0.06, v: 0.14 };

/**
 * How alike the card in `image` (at `corners`) is to the side `reference` describes, -1..1:
 * the best over the quad's edges moved by EDGE_SLACK (top and bottom first, then left and
 * right), small shifts and a half turn.
 */
export function matchSide(reference: SideSignature, image: GreyImage, corners: readonly NormPoint[]): number {
  const quad = landscapeQuad(image, corners);
  const steps = (d: number) => [-d, 0, d];
  let best = -1;
  let win = WHOLE;
  for (const dv0 of steps(EDGE_SLACK.v)) {
    for (const dv1 of steps(EDGE_SLACK.v)) {
      const w = { ...WHOLE, v0: dv0, v1: 1 + dv1 };
      const s = sideSimilarity(reference, signatureOf(image, quad, w, 2));
      if (s > best) { best = s; win = w; }
    }
  }
  for (const du0 of steps(EDGE_SLACK.u)) {
    for (const du1 of steps(EDGE_SLACK.u)) {
      if (!du0 && !du1) continue;
      best = Math.max(best, sideSimilarity(reference, signatureOf(image, quad, { ...win, u0: du0, u1: 1 + du1 }, 2)));
    }
  }
  return best;
}

/** Pearson correlation of `a` against `b` shifted by (dx, dy), `b` read turned a half turn when `flip`. */
function correlation(a: SideSignature, b: SideSignature, dx: number, dy: number, flip: boolean): number {
  const { width: W, height: H } = a;
  let n = 0; let sa = 0; let sb = 0; let saa = 0; let sbb = 0; let sab = 0;
  for (let y = Math.max(0, -dy); y < Math.min(H, H - dy); y++) {
    for (let x = Math.max(0, -dx); x < Math.min(W, W - dx); x++) {
      const bx = x + dx;
      const by = y + dy;
      const va = a.data[y * W + x]!;
      const vb = flip ? b.data[(H - 1 - by) * W + (W - 1 - bx)]! : b.data[by * W + bx]!;
      n++; sa += va; sb += vb; saa += va * va; sbb += vb * vb; sab += va * vb;
    }
  }
  const cov = sab - (sa * sb) / n;
  const den = Math.sqrt(Math.max(0, saa - (sa * sa) / n) * Math.max(0, sbb - (sb * sb) / n));
  return den > 1e-9 ? cov / den : 0;
}

/** How alike two sides look, -1..1 (1: the same picture): the best of small shifts and a half turn. */
export function sideSimilarity(a: SideSignature, b: SideSignature): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('side signatures of different sizes');
  let best = -1;
  for (const flip of [false, true]) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) best = Math.max(best, correlation(a, b, dx, dy, flip));
    }
  }
  return best;
}

export function sideVerdict(similarity: number, t = SIDE_THRESHOLDS): SideVerdict {
  return similarity >= t.sameMin ? 'same' : similarity > t.differentMax ? 'unsure' : 'different';
}
