/** Triangles as index triples into the point list, counter-clockwise in image coordinates (y down). */
export type Triangle = [number, number, number];

/**
 * Delaunay triangulation of 2D points (Bowyer–Watson, O(n²): fine for the few hundred points of
 * a face mesh). Duplicate points must be removed first.
 */
export function delaunay(points: ReadonlyArray<readonly [number, number]>): Triangle[] {
  const n = points.length;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const span = Math.max(maxX - minX, maxY - minY) * 20;
  const mx = (minX + maxX) / 2;
  const my = (minY + maxY) / 2;
  // A super-triangle around everything; its corners are indices n, n+1, n+2.
  const all: Array<readonly [number, number]> = [...points, [mx - span, my - span], [mx + span, my - span], [mx, my + span]];
  type Tri = { v: Triangle; cx: number; cy: number; r2: number };
  const circum = (v: Triangle): Tri => {
    const [ax, ay] = all[v[0]]!;
    const [bx, by] = all[v[1]]!;
    const [cx, cy] = all[v[2]]!;
    const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
    const a2 = ax * ax + ay * ay;
    const b2 = bx * bx + by * by;
    const c2 = cx * cx + cy * cy;
    const ux = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
    const uy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
    return { v, cx: ux, cy: uy, r2: (ax - ux) ** 2 + (ay - uy) ** 2 };
  };
  let tris: Tri[] = [circum([n, n + 1, n + 2])];
  for (let i = 0; i < n; i++) {
    const [px, py] = all[i]!;
    const bad: Tri[] = [];
    const keep: Tri[] = [];
    for (const t of tris) ((px - t.cx) ** 2 + (py - t.cy) ** 2 < t.r2 ? bad : keep).push(t);
    // The hole's boundary: edges of exactly one bad triangle.
    const edges = new Map<string, [number, number] | null>();
    for (const { v } of bad) {
      for (const [a, b] of [[v[0], v[1]], [v[1], v[2]], [v[2], v[0]]] as const) {
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        edges.set(key, edges.has(key) ? null : [a, b]);
      }
    }
    for (const edge of edges.values()) if (edge) keep.push(circum([edge[0], edge[1], i]));
    tris = keep;
  }
  return tris
    .filter(({ v }) => v.every((k) => k < n))
    .map(({ v }) => {
      const [a, b, c] = v.map((k) => all[k]!) as [readonly [number, number], readonly [number, number], readonly [number, number]];
      const cross = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
      return cross < 0 ? ([v[0], v[2], v[1]] as Triangle) : v;
    });
}
