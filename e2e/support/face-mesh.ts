import { delaunay, type Triangle } from './delaunay';
import type { Vec3 } from '../../test-support/faces/face-photo';

// The face outline of MediaPipe's face mesh, clockwise from the forehead top.
const FACE_OVAL = [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152,
  148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109];
/** Upper and lower lid of each eye, corner to corner in the same order (the corners are shared). */
export const EYE_LIDS: ReadonlyArray<readonly [readonly number[], readonly number[]]> = [
  [[33, 246, 161, 160, 159, 158, 157, 173, 133], [33, 7, 163, 144, 145, 153, 154, 155, 133]],
  [[263, 466, 388, 387, 386, 385, 384, 398, 362], [263, 249, 390, 373, 374, 380, 381, 382, 362]],
];
/** Lid points between the corners (upper, lower) and the ring above the upper lid, per eye, in matching order. */
const LID_PULL: ReadonlyArray<readonly [readonly number[], readonly number[], readonly number[]]> = [
  [[246, 161, 160, 159, 158, 157, 173], [7, 163, 144, 145, 153, 154, 155], [247, 30, 29, 27, 28, 56, 190]],
  [[466, 388, 387, 386, 385, 384, 398], [249, 390, 373, 374, 380, 381, 382], [467, 260, 259, 257, 258, 286, 414]],
];
/** Face-mesh points only: 468–477 are iris points, copies of others with this model. */
const MESH_POINTS = 468;

export interface FaceMesh {
  /** Vertices at rest, frame px; z: px, larger = farther from the camera. */
  rest: Vec3[];
  /** Per vertex: share of the head's turn it follows (1 face, `headRingTurn` the ring around it, 0 background). */
  turns: number[];
  triangles: Triangle[];
  /** Vertical rotation axis: x and z, px. */
  pivot: { x: number; z: number };
}

export interface MeshOptions {
  width: number;
  height: number;
  /** Ring around the face oval that still turns with the head (hair, ears, hat), × the oval's size. */
  headRing?: number;
  /** Share of the turn the head ring follows: less than 1 spreads the stretch over both rings. */
  headRingTurn?: number;
  /** Ring that stays put (background, shoulders), × the oval's size: the warp fades out between the two. */
  stillRing?: number;
}

/**
 * A mesh over the whole frame from the face's landmarks: Delaunay triangles on the 2D points,
 * the face-mesh points plus a ring just outside the face that turns with the head, a wider ring
 * and the frame's border that stay put, so the background does not move.
 */
export function buildFaceMesh(points: readonly Vec3[], { width, height, headRing = 1.25, headRingTurn = 1, stillRing = 1.9 }: MeshOptions): FaceMesh {
  const face = points.slice(0, MESH_POINTS);
  const oval = FACE_OVAL.map((i) => face[i]!);
  const cx = oval.reduce((s, p) => s + p[0], 0) / oval.length;
  const cy = oval.reduce((s, p) => s + p[1], 0) / oval.length;
  const ovalZ = oval.reduce((s, p) => s + p[2], 0) / oval.length;
  const faceWidth = Math.max(...oval.map((p) => p[0])) - Math.min(...oval.map((p) => p[0]));
  const ring = (k: number): Vec3[] => oval.map(([x, y, z]) => [cx + k * (x - cx), cy + k * (y - cy), z + 0.1 * faceWidth]);
  const border: Vec3[] = [];
  // Every ~80 px along the frame's edges.
  const steps = Math.max(2, Math.round(Math.max(width, height) / 80));
  for (let i = 0; i < steps; i++) {
    const t = i / steps;
    border.push([t * (width - 1), 0, 0], [width - 1, t * (height - 1), 0], [(1 - t) * (width - 1), height - 1, 0], [0, (1 - t) * (height - 1), 0]);
  }
  const still = ring(stillRing).filter(([x, y]) => x > 2 && y > 2 && x < width - 3 && y < height - 3);
  const rest: Vec3[] = [...face, ...ring(headRing), ...still, ...border];
  const turns = rest.map((_, i) => (i < face.length ? 1 : i < face.length + oval.length ? headRingTurn : 0));
  // The background's depth only orders painting: far behind the face.
  for (let i = face.length + oval.length; i < rest.length; i++) rest[i] = [rest[i]![0], rest[i]![1], ovalZ + 10 * faceWidth];
  return {
    rest,
    turns,
    triangles: delaunay(rest.map(([x, y]) => [x, y] as const)),
    // About a third of a face width behind the outline: where a head turns about.
    pivot: { x: cx, z: ovalZ + 0.35 * faceWidth },
  };
}

/**
 * The mesh's vertices (`from`, default at rest) with the head turned by `yawDeg` (> 0: the
 * person's own left, the nose goes to image-right).
 */
export function turnedVertices(mesh: FaceMesh, yawDeg: number, from: readonly Vec3[] = mesh.rest): Vec3[] {
  return from.map(([x, y, z], i) => {
    const share = mesh.turns[i]!;
    if (!share) return [x, y, z];
    const t = (share * yawDeg * Math.PI) / 180;
    const cos = Math.cos(t);
    const sin = Math.sin(t);
    const dx = x - mesh.pivot.x;
    const dz = z - mesh.pivot.z;
    return [mesh.pivot.x + dx * cos - dz * sin, y, mesh.pivot.z + dx * sin + dz * cos];
  });
}

/**
 * `vertices` with the eyes closing by `closed` (0..1): the upper-lid points pulled `lid` of the
 * way onto the lower ones and the skin above them (the next ring of points) `fold` of the eye's
 * opening down, so the lid and brow area moves like a real blink. The opening itself is then
 * painted over (eyelids.ts): the landmarker reads a shut eye more surely with both.
 */
export function blinkVertices(vertices: readonly Vec3[], closed: number, { lid = 0.9, fold = 0.6 } = {}): Vec3[] {
  const out = vertices.map((p) => [...p] as Vec3);
  if (closed <= 0) return out;
  for (const [upper, lower, above] of LID_PULL) {
    upper.forEach((u, k) => {
      const opening = vertices[lower[k]!]![1] - vertices[u]![1];
      out[u]![1] += closed * lid * opening;
      out[above[k]!]![1] += closed * fold * opening;
    });
  }
  return out;
}

/**
 * `vertices` with the eyes opened wider by `amount` × their opening (upper-lid points raised,
 * corners kept). This photo's eyes are narrow behind the glasses; the landmarker reads a shut
 * eye at a fixed floor (~0.2 eye aspect ratio), so a wider open eye makes the blink's dip clear.
 */
export function widenedEyes(vertices: readonly Vec3[], amount: number): Vec3[] {
  const out = vertices.map((p) => [...p] as Vec3);
  for (const [upper, lower, above] of LID_PULL) {
    upper.forEach((u, k) => {
      const opening = vertices[lower[k]!]![1] - vertices[u]![1];
      out[u]![1] -= amount * opening;
      out[above[k]!]![1] -= 0.5 * amount * opening;
    });
  }
  return out;
}
