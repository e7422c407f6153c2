// Candidate card regions: connected areas of a mask, with the quadrilateral their extreme points
// span. A card is a large region that fills most of its own quadrilateral.
import type { CardQuad, Point } from './types';

/** Labels 4-connected regions of `mask` (1 = in); returns the regions of at least `minArea` px. */
export function regionsOf(mask: Uint8Array, w: number, h: number, minArea: number): CardQuad[] {
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const found: CardQuad[] = [];
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let area = 0;
    let touches = false;
    // Extreme points along the two diagonals give the corners of a (possibly rotated) rectangle.
    let tl = start; let br = start; let tr = start; let bl = start;
    let tlv = Infinity; let brv = -Infinity; let trv = -Infinity; let blv = Infinity;
    while (top > 0) {
      const i = stack[--top]!;
      area++;
      const x = i % w;
      const y = (i / w) | 0;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touches = true;
      const s = x + y;
      const d = x - y;
      if (s < tlv) { tlv = s; tl = i; }
      if (s > brv) { brv = s; br = i; }
      if (d > trv) { trv = d; tr = i; }
      if (d < blv) { blv = d; bl = i; }
      if (x > 0 && mask[i - 1] && !labels[i - 1]) { labels[i - 1] = next; stack[top++] = i - 1; }
      if (x < w - 1 && mask[i + 1] && !labels[i + 1]) { labels[i + 1] = next; stack[top++] = i + 1; }
      if (y > 0 && mask[i - w] && !labels[i - w]) { labels[i - w] = next; stack[top++] = i - w; }
      if (y < h - 1 && mask[i + w] && !labels[i + w]) { labels[i + w] = next; stack[top++] = i + w; }
    }
    if (area < minArea) continue;
    const pt = (i: number): Point => ({ x: i % w, y: (i / w) | 0 });
    found.push({ corners: [pt(tl), pt(tr), pt(br), pt(bl)], area, touchesBorder: touches });
  }
  return found;
}

/** Area of a quadrilateral (shoelace), px². */
export function quadArea(c: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < c.length; i++) {
    const a = c[i]!;
    const b = c[(i + 1) % c.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Long side over short side, each the mean of the two opposite sides. */
export function quadAspect(c: readonly Point[]): number {
  const horizontal = (dist(c[0]!, c[1]!) + dist(c[3]!, c[2]!)) / 2;
  const vertical = (dist(c[0]!, c[3]!) + dist(c[1]!, c[2]!)) / 2;
  const long = Math.max(horizontal, vertical);
  const short = Math.max(1e-6, Math.min(horizontal, vertical));
  return long / short;
}

/** Rotation of the card, degrees (0 = level): the mean angle of its top and bottom sides, folded to ±45°. */
export function quadRotation(c: readonly Point[]): number {
  const angle = (a: Point, b: Point) => (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const mean = (angle(c[0]!, c[1]!) + angle(c[3]!, c[2]!)) / 2;
  return ((mean + 45 + 180) % 90) - 45;
}

/** How unlike a rectangle (perspective): the larger relative difference of opposite sides. */
export function quadSkew(c: readonly Point[]): number {
  const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b, 1e-6);
  return Math.max(rel(dist(c[0]!, c[1]!), dist(c[3]!, c[2]!)), rel(dist(c[0]!, c[3]!), dist(c[1]!, c[2]!)));
}

/** True when `p` lies inside the convex quad `c` (corners in order). */
export function insideQuad(c: readonly Point[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = c[i]!;
    const b = c[(i + 1) % 4]!;
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (cross === 0) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** The quad shrunk towards its centre by `share` (0.1 = 10 %): its inside, clear of the edges. */
export function shrinkQuad(c: readonly Point[], share: number): Point[] {
  const cx = c.reduce((s, p) => s + p.x, 0) / c.length;
  const cy = c.reduce((s, p) => s + p.y, 0) / c.length;
  return c.map((p) => ({ x: cx + (p.x - cx) * (1 - share), y: cy + (p.y - cy) * (1 - share) }));
}
