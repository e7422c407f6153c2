// Browser module (served to headless Chromium by record-face-landmarks.mjs): renders frames of
// a face photo turned in depth or blinking, by warping the photo with its own face mesh, and runs
// the real FaceLandmarker on each frame.
//
// Warp: the 478 landmarks of the photo (x, y from the image, z from the landmarker) are a 3D
// mesh; the photo is texture-mapped onto its 852 triangles (2D canvas, one affine map per
// triangle), plus strips closing the eye and mouth openings (so the photo's own open eyes do not
// show through) and two rings around the face oval: the inner one turns with the head, the outer
// one stays put, so the warp fades into the unmoved background. Rotation is about a vertical axis
// behind the face; triangles are painted back to front, backfaces dropped. A blink paints lid
// skin over the eye openings (see closeEyes).
import { FaceLandmarker, FilesetResolver } from '/vision/vision_bundle.mjs';

export const W = 640;
export const H = 480;
const TRIANGLES = [];
{
  const edges = FaceLandmarker.FACE_LANDMARKS_TESSELATION;
  for (let i = 0; i + 2 < edges.length; i += 3) TRIANGLES.push([edges[i].start, edges[i + 1].start, edges[i + 2].start]);
}
const OVAL = FaceLandmarker.FACE_LANDMARKS_FACE_OVAL.map((e) => e.start);
// Upper lid, lower lid (same order, corners first and last) of each eye; inner lips likewise.
const EYES = [
  [[33, 246, 161, 160, 159, 158, 157, 173, 133], [33, 7, 163, 144, 145, 153, 154, 155, 133]],
  [[263, 466, 388, 387, 386, 385, 384, 398, 362], [263, 249, 390, 373, 374, 380, 381, 382, 362]],
];
const LIPS = [[78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308], [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308]];

export async function createLandmarker() {
  const fileset = await FilesetResolver.forVisionTasks('/mediapipe/wasm');
  return FaceLandmarker.createFromOptions(fileset, {
    baseOptions: { modelAssetPath: '/models/face_landmarker.task', delegate: 'CPU' },
    runningMode: 'VIDEO',
    numFaces: 2,
    outputFacialTransformationMatrixes: true,
  });
}

export function canvas2d() {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  return [canvas, canvas.getContext('2d')];
}

/** The photo scaled to fit the frame, centred, on black (like a camera feed made from it). */
export async function photoFrame(url) {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  const [canvas, ctx] = canvas2d();
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, W, H);
  const scale = Math.min(W / bitmap.width, H / bitmap.height);
  const w = bitmap.width * scale;
  const h = bitmap.height * scale;
  ctx.drawImage(bitmap, (W - w) / 2, (H - h) / 2, w, h);
  return canvas;
}

/**
 * `frame` zoomed and shifted so the face (its landmarks' box) is `faceWidthShare` of the frame
 * wide and centred a little above the middle, as a selfie in the app's oval would be.
 */
export function selfieFrame(frame, landmarks, faceWidthShare = 0.36) {
  const xs = landmarks.map((p) => p.x * W);
  const ys = landmarks.map((p) => p.y * H);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = (faceWidthShare * W) / (x1 - x0);
  const [canvas, ctx] = canvas2d();
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, W, H);
  ctx.translate(W / 2, H * 0.47);
  ctx.scale(scale, scale);
  ctx.translate(-(x0 + x1) / 2, -(y0 + y1) / 2);
  ctx.drawImage(frame, 0, 0);
  return canvas;
}

/**
 * `source` moved as a flat picture: rotated in-plane by `rollDeg`, scaled, shifted (px), and
 * squashed vertically by `scaleY` (a printed photo tilted back, seen from afar).
 */
export function affineFrame(source, { rollDeg = 0, scale = 1, scaleY = 1, dx = 0, dy = 0 }) {
  const [canvas, ctx] = canvas2d();
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, W, H);
  ctx.translate(W / 2 + dx, H / 2 + dy);
  ctx.rotate((rollDeg * Math.PI) / 180);
  ctx.scale(scale, scale * scaleY);
  ctx.drawImage(source, -W / 2, -H / 2);
  return canvas;
}

/** The mesh of the face in `source`, from a landmarker result's first face. */
export function buildMesh(source, landmarks) {
  const verts = landmarks.slice(0, 468).map((p) => [p.x * W, p.y * H, p.z * W]);
  const oval = OVAL.map((i) => verts[i]);
  const cx = oval.reduce((s, p) => s + p[0], 0) / oval.length;
  const cy = oval.reduce((s, p) => s + p[1], 0) / oval.length;
  const ovalZ = oval.reduce((s, p) => s + p[2], 0) / oval.length;
  const faceWidth = Math.max(...oval.map((p) => p[0])) - Math.min(...oval.map((p) => p[0]));
  const ring = (k, behind) => oval.map((p) => [cx + k * (p[0] - cx), cy + k * (p[1] - cy), p[2] + behind]);
  const inner = verts.length;
  verts.push(...ring(1.3, 0.15 * faceWidth));
  const outer = verts.length;
  verts.push(...ring(2.2, 0.15 * faceWidth));
  const tris = TRIANGLES.map((t) => ({ v: t, cull: true }));
  const strip = (a, b, cull = false) => {
    for (let i = 0; i + 1 < a.length; i++) {
      tris.push({ v: [a[i], a[i + 1], b[i + 1]], cull }, { v: [a[i], b[i + 1], b[i]], cull });
    }
  };
  for (const [upper, lower] of [...EYES, LIPS]) strip(upper, lower);
  const loop = (idx) => [...idx, idx[0]];
  strip(loop(OVAL), loop(OVAL.map((_, i) => inner + i)));
  strip(loop(OVAL.map((_, i) => inner + i)), loop(OVAL.map((_, i) => outer + i)));
  // Vertical rotation axis: face centre, about a third of a face width behind the face outline.
  return { source, verts, tris, outer, pivot: [cx, ovalZ + 0.35 * faceWidth] };
}

function drawTriangle(ctx, source, s, d) {
  const [ux, uy, vx, vy] = [s[1][0] - s[0][0], s[1][1] - s[0][1], s[2][0] - s[0][0], s[2][1] - s[0][1]];
  const [px, py, qx, qy] = [d[1][0] - d[0][0], d[1][1] - d[0][1], d[2][0] - d[0][0], d[2][1] - d[0][1]];
  const det = ux * vy - vx * uy;
  if (Math.abs(det) < 1e-6) return;
  const a = (px * vy - qx * uy) / det;
  const b = (py * vy - qy * uy) / det;
  const c = (qx * ux - px * vx) / det;
  const e = (qy * ux - py * vx) / det;
  // Clip slightly larger than the triangle so neighbours overlap instead of leaving hairlines.
  const mx = (d[0][0] + d[1][0] + d[2][0]) / 3;
  const my = (d[0][1] + d[1][1] + d[2][1]) / 3;
  ctx.save();
  ctx.beginPath();
  d.forEach(([x, y], i) => {
    const len = Math.hypot(x - mx, y - my) || 1;
    const grow = (len + 0.8) / len;
    const gx = mx + (x - mx) * grow;
    const gy = my + (y - my) * grow;
    if (i === 0) ctx.moveTo(gx, gy);
    else ctx.lineTo(gx, gy);
  });
  ctx.closePath();
  ctx.clip();
  ctx.setTransform(a, b, c, e, d[0][0] - a * s[0][0] - c * s[0][1], d[0][1] - b * s[0][0] - e * s[0][1]);
  ctx.drawImage(source, 0, 0);
  ctx.restore();
}

const area = (p) => (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);

/**
 * Closes the eyes by `closed` (0..1) over the drawn frame: the lid is lid skin from just above
 * each eye, shifted down over the eye opening as far as the lowered lid edge, which gets a dark
 * lash line. (Pulling the lid landmarks down instead stretches the iris over the eye: this
 * model's upper-lid points sit inside the opening.) Meant for frames facing the camera.
 */
function closeEyes(ctx, source, points, closed) {
  for (const [upper, lower] of EYES) {
    const opening = Math.max(...lower.map((i, k) => points[i][1] - points[upper[k]][1]));
    // This model's lid points sit inside the opening: cover a little beyond them.
    const top = upper.map((i) => [points[i][0], points[i][1] - 0.2 * opening - 1]);
    const bottom = lower.map((i) => [points[i][0], points[i][1] + 0.1 * opening]);
    const edge = top.map(([x, y], k) => [x + closed * (bottom[k][0] - x), y + closed * (bottom[k][1] - y)]);
    ctx.save();
    ctx.beginPath();
    top.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    for (let k = edge.length - 1; k >= 0; k--) ctx.lineTo(edge[k][0], edge[k][1]);
    ctx.closePath();
    ctx.clip();
    ctx.drawImage(source, 0, -1.3 * opening - 3);
    ctx.restore();
    ctx.save();
    ctx.strokeStyle = 'rgba(35, 20, 15, 0.95)';
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    edge.forEach(([x, y], k) => (k ? ctx.lineTo(x, y - 1) : ctx.moveTo(x, y - 1)));
    ctx.stroke();
    ctx.restore();
  }
}

/** One frame: the head turned by `yawDeg` (> 0 = the person's own left) and eyes `closed` 0..1. */
export function warpFrame(mesh, { yawDeg = 0, closed = 0 }) {
  const { source, verts, tris, outer, pivot } = mesh;
  const moved = verts.map((p) => [...p]);
  const t = (yawDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(t), Math.sin(t)];
  for (let i = 0; i < outer; i++) {
    const x = moved[i][0] - pivot[0];
    const z = moved[i][2] - pivot[1];
    // Nose (in front of the axis, z < 0) goes to image-right for yaw > 0.
    moved[i][0] = pivot[0] + x * cos - z * sin;
    moved[i][2] = pivot[1] + x * sin + z * cos;
  }
  const [canvas, ctx] = canvas2d();
  ctx.drawImage(source, 0, 0);
  const order = tris
    .map((tri) => ({ tri, depth: tri.v.reduce((s, i) => s + (i >= outer ? 1e6 : moved[i][2]), 0) }))
    .sort((a, b) => b.depth - a.depth);
  for (const { tri } of order) {
    const s = tri.v.map((i) => verts[i]);
    const d = tri.v.map((i) => moved[i]);
    if (tri.cull && Math.sign(area(s)) !== Math.sign(area(d))) continue;
    drawTriangle(ctx, source, s, d);
  }
  if (closed > 0) closeEyes(ctx, canvas2dCopy(canvas), moved, closed);
  return canvas;
}

function canvas2dCopy(canvas) {
  const [copy, ctx] = canvas2d();
  ctx.drawImage(canvas, 0, 0);
  return copy;
}
