// Finds an identity document in a grey image: the largest region that fills its own
// quadrilateral, has the proportions of a card or a passport page, and carries printed content.
// Masks give candidates, so the card is found on dark, light and patterned surfaces: brighter
// than Otsu's threshold, darker than it, and "enclosed by edges" (everything a flood from the
// image border cannot reach across gradients), the last at falling strengths: a light document
// on a light table has an outline of only 6-20 grey levels.
import { boxBlur3, gradient, otsu } from './grey-ops';
import { insideQuad, quadArea, quadAspect, quadSkew, regionsOf, shrinkQuad } from './regions';
import type { CardQuad, GreyImage } from './types';

export interface CardFinding {
  quad: CardQuad;
  /** Region px over quad px: 1 for a clean rectangle. */
  fill: number;
  aspect: number;
}

/** ID-1 cards are 1.586:1, passport pages ~1.42:1; perspective and rounding widen the band. */
const ASPECT = { min: 1.3, max: 2.05 };
/** A region must fill this much of the quad its corners span (rounded corners, noise). */
const MIN_FILL = 0.82;
/** Share of the image a card must cover at least. */
const MIN_AREA_SHARE = 0.03;
/**
 * Printed content: some strong-gradient pixels (text, photo, patterns). No share of flat
 * background is asked for: guilloche and security printing cover real passports and ID cards
 * edge to edge (at the finder's 320 px scale 19-29 % of a real document's pixels are flat, where
 * our own synthetic card had over 30 %). What tells a document from fur or foliage is its outline
 * (a region that fills its quadrilateral with card proportions) and, in a still photo, its size.
 */
const CONTENT = { minEdgeShare: 0.02, strongGradient: 24, flatGradient: 5 };
/** Opposite sides may differ this much (perspective) before the quad is not a card. */
const MAX_SKEW = 0.3;

/** Marks every pixel a flood from the image border reaches through pixels where `open` is 1. */
function reachFromBorder(open: Uint8Array, w: number, h: number): Uint8Array {
  const reached = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let top = 0;
  const push = (i: number) => { if (open[i] && !reached[i]) { reached[i] = 1; stack[top++] = i; } };
  for (let x = 0; x < w; x++) { push(x); push((h - 1) * w + x); }
  for (let y = 0; y < h; y++) { push(y * w); push(y * w + w - 1); }
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < w * (h - 1)) push(i + w);
  }
  return reached;
}

/** The mask with its holes filled (a card's portrait and text are holes in its bright area). */
function fillHoles(mask: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) outside[i] = mask[i] ? 0 : 1;
  const reached = reachFromBorder(outside, w, h);
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = reached[i] ? 0 : 1;
  return out;
}

function edgeEnclosedMask(g: Uint8Array, w: number, h: number, threshold: number): Uint8Array {
  // Strong edges, thickened by one pixel so small gaps in a card's outline do not leak.
  const wall = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (g[i]! >= threshold) { wall[i] = 1; wall[i - 1] = 1; wall[i + 1] = 1; wall[i - w] = 1; wall[i + w] = 1; }
    }
  }
  const open = new Uint8Array(w * h);
  for (let i = 0; i < open.length; i++) open[i] = wall[i] ? 0 : 1;
  const reached = reachFromBorder(open, w, h);
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = reached[i] ? 0 : 1;
  return mask;
}

/** Shares of strong- and flat-gradient pixels inside the quad (sampled every other pixel). */
function contentOf(g: Uint8Array, w: number, quad: CardQuad): { edges: number; flat: number } {
  const inner = shrinkQuad(quad.corners, 0.12);
  const xs = inner.map((p) => p.x);
  const ys = inner.map((p) => p.y);
  let n = 0;
  let strong = 0;
  let flat = 0;
  for (let y = Math.ceil(Math.min(...ys)); y <= Math.max(...ys); y += 2) {
    for (let x = Math.ceil(Math.min(...xs)); x <= Math.max(...xs); x += 2) {
      if (!insideQuad(inner, x, y)) continue;
      n++;
      const v = g[y * w + x]!;
      if (v >= CONTENT.strongGradient) strong++;
      else if (v <= CONTENT.flatGradient) flat++;
    }
  }
  return n ? { edges: strong / n, flat: flat / n } : { edges: 0, flat: 0 };
}

/** Why each candidate region was kept or dropped (benchmarks and tests read it). */
export interface CandidateTrace {
  quad: CardQuad;
  verdict: 'area' | 'border' | 'shape' | 'skew' | 'content' | 'ok';
  fill?: number;
  aspect?: number;
  edges?: number;
  flat?: number;
}

/** The most card-like region of `image`, or null (a region touching the border may be returned: cut off). */
export function findCard(image: GreyImage, trace?: CandidateTrace[]): CardFinding | null {
  const { width: w, height: h } = image;
  const smooth = boxBlur3(image);
  const g = gradient(smooth);
  const t = otsu(smooth.data);
  const bright = new Uint8Array(w * h);
  const dark = new Uint8Array(w * h);
  for (let i = 0; i < bright.length; i++) {
    if (smooth.data[i]! > t) bright[i] = 1;
    else dark[i] = 1;
  }
  const minArea = MIN_AREA_SHARE * w * h;
  // The faintest outline is looked for only when the others found no whole card: each edge mask is
  // a flood over the frame (~3-5 ms at 180x320 here, more on a phone). The gradient-10 mask runs
  // with the strong ones: alone later, a text box inside a pale document would win over its outline.
  const stages: (() => Uint8Array[])[] = [
    () => [fillHoles(bright, w, h), fillHoles(dark, w, h), edgeEnclosedMask(g, w, h, 20), edgeEnclosedMask(g, w, h, 10)],
    () => [edgeEnclosedMask(g, w, h, 6)],
  ];
  let cutOff: CardFinding | null = null;
  for (const stage of stages) {
    const best = bestCandidate(stage().flatMap((m) => regionsOf(m, w, h, minArea)), g, w, h, trace);
    if (best && !best.quad.touchesBorder) return best;
    cutOff ??= best;
  }
  return cutOff;
}

function bestCandidate(candidates: CardQuad[], g: Uint8Array, w: number, h: number, trace?: CandidateTrace[]): CardFinding | null {
  const minArea = MIN_AREA_SHARE * w * h;
  let best: CardFinding | null = null;
  let bestScore = 0;
  for (const quad of candidates) {
    const area = quadArea(quad.corners);
    const note = (verdict: CandidateTrace['verdict'], extra: Partial<CandidateTrace> = {}) => trace?.push({ quad, verdict, ...extra });
    if (area < minArea || area > 0.985 * w * h) { note('area'); continue; }
    // Cut by the frame's edge, only a modest part of the picture is believable as a card: a big
    // border-touching region is the table or the room.
    if (quad.touchesBorder && area > 0.5 * w * h) { note('border'); continue; }
    const fill = quad.area / area;
    const aspect = quadAspect(quad.corners);
    if (fill < MIN_FILL || fill > 1.08 || aspect < ASPECT.min || aspect > ASPECT.max) { note('shape', { fill, aspect }); continue; }
    if (quadSkew(quad.corners) > MAX_SKEW) { note('skew', { fill, aspect }); continue; }
    const content = contentOf(g, w, quad);
    if (content.edges < CONTENT.minEdgeShare) { note('content', { fill, aspect, ...content }); continue; }
    note('ok', { fill, aspect, ...content });
    const score = area * fill;
    if (score > bestScore) {
      bestScore = score;
      best = { quad, fill, aspect };
    }
  }
  return best;
}
