/** A face-mesh point in image pixels: x, y, z (468-point MediaPipe topology). */
export type MeshPoint = [number, number, number];

// MediaPipe face-mesh indices: eyelid mid-points and eye corners, each eye.
const EYES = [
  { top: 159, bottom: 145, inner: 133, outer: 33 },
  { top: 386, bottom: 374, inner: 362, outer: 263 },
] as const;

const dist = (a: MeshPoint, b: MeshPoint) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Eyelid gap over eye width, averaged over both eyes; 0 when the mesh is incomplete. */
export function eyeOpenness(mesh: MeshPoint[]): number {
  if (mesh.length < 468) return 0;
  const ratios = EYES.map((e) => {
    const width = dist(mesh[e.inner]!, mesh[e.outer]!);
    return width > 0 ? dist(mesh[e.top]!, mesh[e.bottom]!) / width : 0;
  });
  return (ratios[0]! + ratios[1]!) / 2;
}

/** Euclidean distance of two face descriptors (face-api / dlib scale: < 0.5 same person). */
export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}
