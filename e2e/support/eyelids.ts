import { EYE_LIDS } from './face-mesh';
import type { Vec3 } from '../../test-support/faces/face-photo';
import { sampleBilinear, type RgbImage } from '../../test-support/images/rgb-image';

type P = [number, number];

export interface LidOptions {
  /** How far above the upper-lid points the lid starts, × the eye's opening (those points sit inside it). */
  above?: number;
  /** How far below the lower-lid points the shut lid's edge reaches, × the opening. */
  below?: number;
  /** Darkness of the lash line on the lid's edge, 0..1, and its half-width, px. */
  lash?: number;
  lashRadius?: number;
  /** Where the lid's skin is copied from: just below the eye (default) or just above it. */
  skinFrom?: 'below' | 'above';
}

/**
 * Closes both eyes by `closed` (0 open … 1 shut) in place: the upper lid comes down to the
 * lower one. Pulling the lid landmarks alone is not enough: this model's upper-lid points sit
 * inside the opening, so stretching the mesh smears iris over the eye. So the region from just
 * above the upper lid down to the lowered lid edge is painted with skin from just below the eye
 * (above it, on this photo, is the rim of the glasses), and the lid edge gets a dark lash line.
 * (A seamless vertical blend of the skin above and below was tried: the landmarker read it as
 * less shut.) Meant for frames facing the camera: blinks happen between turns.
 */
export function closeEyes(image: RgbImage, points: readonly Vec3[], closed: number, { above = 0.35, below = 0.15, lash = 0.5, lashRadius = 1.3, skinFrom = 'below' }: LidOptions = {}): void {
  if (closed <= 0) return;
  const source: RgbImage = { ...image, data: new Uint8Array(image.data) };
  for (const [upper, lower] of EYE_LIDS) {
    const n = upper.length;
    const opening = Math.max(...lower.map((i, k) => points[i]![1] - points[upper[k]!]![1]));
    // Corners stay; the middle of the lid moves most.
    const bulge = (k: number) => Math.sin((Math.PI * k) / (n - 1));
    const top: P[] = upper.map((i, k) => [points[i]![0], points[i]![1] - (above * opening + 1) * bulge(k)]);
    const bottom: P[] = lower.map((i, k) => [points[i]![0], points[i]![1] + (below * opening + 0.5) * bulge(k)]);
    const edge: P[] = top.map(([x, y], k) => [x + closed * (bottom[k]![0] - x), y + closed * (bottom[k]![1] - y)]);
    // Skin from just past the shut lid's whole height, below (or above) the eye.
    const shift = (Math.max(...bottom.map((p) => p[1])) - Math.min(...top.map((p) => p[1])) + 1) * (skinFrom === 'below' ? 1 : -1);
    fillPolygon(image, [...top, ...edge.slice().reverse()], (x, y, o) => sampleBilinear(source, x, y + shift, image.data, o));
    if (closed > 0.3) darkenAlong(image, edge, lashRadius, lash * Math.min(1, (closed - 0.3) / 0.5));
  }
}

function fillPolygon(image: RgbImage, polygon: readonly P[], paint: (x: number, y: number, offset: number) => void): void {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(image.width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(image.height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) if (inside(polygon, x, y)) paint(x, y, (y * image.width + x) * 3);
  }
}

/** Even–odd rule. */
function inside(polygon: readonly P[], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** Darkens pixels within `radius` px of the polyline, by up to `strength` (0..1) on the line. */
function darkenAlong(image: RgbImage, line: readonly P[], radius: number, strength: number): void {
  const xs = line.map((p) => p[0]);
  const ys = line.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - radius));
  const x1 = Math.min(image.width - 1, Math.ceil(Math.max(...xs) + radius));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - radius));
  const y1 = Math.min(image.height - 1, Math.ceil(Math.max(...ys) + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let d = Infinity;
      for (let k = 0; k + 1 < line.length; k++) d = Math.min(d, distanceToSegment(x, y, line[k]!, line[k + 1]!));
      if (d >= radius) continue;
      const keep = 1 - strength * (1 - d / radius);
      const o = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++) image.data[o + c] = image.data[o + c]! * keep;
    }
  }
}

function distanceToSegment(x: number, y: number, a: P, b: P): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}
