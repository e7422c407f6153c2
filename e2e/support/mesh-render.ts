import type { Triangle } from './delaunay';
import type { Vec3 } from '../../test-support/faces/face-photo';
import { sampleBilinear, type RgbImage } from '../../test-support/images/rgb-image';

/**
 * Software rasteriser: paints `texture` warped from the mesh at `rest` onto a copy of `texture`
 * with its vertices at `moved`, one affine texture map per triangle, farthest first (painter's
 * order by mean z). Triangles whose vertices all stay put are the texture itself and are skipped;
 * triangles that turned their back (orientation flipped) or shrank to nothing are dropped.
 */
export function renderWarp(texture: RgbImage, rest: readonly Vec3[], moved: readonly Vec3[], triangles: readonly Triangle[]): RgbImage {
  const out: RgbImage = { width: texture.width, height: texture.height, data: new Uint8Array(texture.data) };
  const changed = (i: number) => rest[i]![0] !== moved[i]![0] || rest[i]![1] !== moved[i]![1];
  const order = triangles
    .filter((t) => changed(t[0]) || changed(t[1]) || changed(t[2]))
    .map((t) => ({ t, depth: moved[t[0]]![2] + moved[t[1]]![2] + moved[t[2]]![2] }))
    .sort((a, b) => b.depth - a.depth);
  for (const { t } of order) drawTriangle(texture, out, t.map((i) => rest[i]!) as Tri, t.map((i) => moved[i]!) as Tri);
  return out;
}

type Tri = [Vec3, Vec3, Vec3];

const signedArea = (p: Tri) => (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);

/** Pixels within this distance outside an edge are painted too, px: no cracks between neighbours. */
const OVERLAP = 0.4;

function drawTriangle(texture: RgbImage, out: RgbImage, src: Tri, dst: Tri): void {
  const area = signedArea(dst);
  if (Math.sign(area) !== Math.sign(signedArea(src)) || Math.abs(area) < 0.25) return;
  const { width, height } = out;
  const x0 = Math.max(0, Math.floor(Math.min(dst[0][0], dst[1][0], dst[2][0]) - 1));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(dst[0][0], dst[1][0], dst[2][0]) + 1));
  const y0 = Math.max(0, Math.floor(Math.min(dst[0][1], dst[1][1], dst[2][1]) - 1));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(dst[0][1], dst[1][1], dst[2][1]) + 1));
  // Edge functions e_k(p) = barycentric weight of vertex k × area; scaled to px distance for the overlap test.
  const edges = [0, 1, 2].map((k) => {
    const a = dst[(k + 1) % 3]!;
    const b = dst[(k + 2) % 3]!;
    const ex = (a[1] - b[1]) / area;
    const ey = (b[0] - a[0]) / area;
    const e0 = (a[0] * b[1] - b[0] * a[1]) / area;
    // Barycentric weight per px of distance from the edge.
    const perPx = Math.hypot(ex, ey);
    return { ex, ey, e0, slack: -OVERLAP * perPx };
  }) as [E, E, E];
  const [A, B, C] = edges;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const l0 = A.ex * x + A.ey * y + A.e0;
      const l1 = B.ex * x + B.ey * y + B.e0;
      const l2 = C.ex * x + C.ey * y + C.e0;
      if (l0 < A.slack || l1 < B.slack || l2 < C.slack) continue;
      const sx = l0 * src[0][0] + l1 * src[1][0] + l2 * src[2][0];
      const sy = l0 * src[0][1] + l1 * src[1][1] + l2 * src[2][1];
      sampleBilinear(texture, sx, sy, out.data, (y * width + x) * 3);
    }
  }
}

interface E {
  ex: number;
  ey: number;
  e0: number;
  slack: number;
}
