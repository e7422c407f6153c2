#!/usr/bin/env node
// Dev check (not CI): loads the built public/models/face_landmarker.task into tasks-vision's
// FaceLandmarker in headless Chromium with the app's settings (VIDEO mode, CPU delegate,
// numFaces 2, facial transformation matrices on, 2D canvas input) and checks a face photo
// (exactly one face of 478 landmarks, head pose near frontal) and a cat photo (no face). Prints
// landmark counts, yaw/pitch from the transformation matrix, the eye aspect ratio and ms per frame.
// Usage: node scripts/build-models.mjs && node scripts/check-face-landmarker.mjs [--gpu]
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIME, launchChromium, logPageProblems, mediapipeMounts, serveStatic } from './static-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = existsSync(join(root, 'e2e/fixtures/grace_hopper.jpg')) ? join(root, 'e2e/fixtures') : '/work/shared/fixtures';
const useGpu = process.argv.includes('--gpu');
const TIMING_RUNS = 30;

const PAGE = `<!doctype html><meta charset="utf-8"><title>face landmarker check</title>
<body><script type="module" src="/check.mjs"></script></body>`;

// Yaw/pitch as src/vision/face/face-measures.ts defines them: the matrix maps the canonical face
// (x to the face's left, y up, z out of the face) into camera space (column-major data); yaw > 0
// = the person turned to their own left, pitch > 0 = chin up.
const PAGE_JS = `import { FilesetResolver, FaceLandmarker } from '/vision/vision_bundle.mjs';
let ts = 0;
async function canvasOf(url) {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d').drawImage(bitmap, 0, 0);
  return canvas;
}
function pose(m) {
  const d = m.data;
  const deg = 180 / Math.PI;
  // Third column: the canonical face's forward (z) axis in camera space.
  const fx = d[8], fy = d[9], fz = d[10];
  return { yawDeg: Math.atan2(fx, fz) * deg, pitchDeg: Math.atan2(fy, Math.hypot(fx, fz)) * deg, translation: [d[12], d[13], d[14]] };
}
function ear(p, [a, b, c, d, e, f]) {
  const dist = (i, j) => Math.hypot(p[i].x - p[j].x, p[i].y - p[j].y);
  return (dist(b, f) + dist(c, e)) / (2 * dist(a, d));
}
window.runCheck = async (delegate, timingRuns) => {
  const t0 = performance.now();
  const fileset = await FilesetResolver.forVisionTasks('/mediapipe/wasm');
  const landmarker = await FaceLandmarker.createFromOptions(fileset, {
    baseOptions: { modelAssetPath: '/models/face_landmarker.task', delegate },
    runningMode: 'VIDEO',
    numFaces: 2,
    outputFacialTransformationMatrixes: true,
  });
  const out = { loadMs: performance.now() - t0, images: {} };
  for (const name of ['grace_hopper.jpg', 'chelsea.png']) {
    const canvas = await canvasOf('/fixtures/' + name);
    const result = landmarker.detectForVideo(canvas, ++ts);
    const times = [];
    for (let i = 0; i < timingRuns; i++) {
      const s = performance.now();
      landmarker.detectForVideo(canvas, ++ts);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out.images[name] = {
      size: canvas.width + 'x' + canvas.height,
      faces: result.faceLandmarks.map((p, i) => ({
        landmarks: p.length,
        nose: p[1],
        cheeks: [p[234], p[454]],
        ear: (ear(p, [33, 160, 158, 133, 153, 144]) + ear(p, [362, 385, 387, 263, 373, 380])) / 2,
        ...(result.facialTransformationMatrixes[i] ? pose(result.facialTransformationMatrixes[i]) : {}),
      })),
      matrices: result.facialTransformationMatrixes.length,
      medianMs: times[Math.floor(times.length / 2)],
    };
  }
  landmarker.close();
  return out;
};
window.ready = true;
`;

const server = await serveStatic({
  routes: { '/': { type: MIME['.html'], body: PAGE }, '/check.mjs': { type: MIME['.mjs'], body: PAGE_JS } },
  mounts: { ...mediapipeMounts(root), '/fixtures/': fixtures },
});
const browser = await launchChromium({ gpu: useGpu });
let failed = false;
const fail = (message) => {
  console.error(`FAIL: ${message}`);
  failed = true;
};
try {
  const page = await browser.newPage();
  logPageProblems(page);
  await page.goto(server.url);
  await page.waitForFunction(() => window.ready === true);
  const delegate = useGpu ? 'GPU' : 'CPU';
  const result = await page.evaluate(([d, runs]) => window.runCheck(d, runs), [delegate, TIMING_RUNS]);
  console.log(`delegate ${delegate}; model + wasm load ${result.loadMs.toFixed(0)} ms`);
  for (const [name, r] of Object.entries(result.images)) {
    const faces = r.faces.map((f) =>
      `${f.landmarks} landmarks, yaw ${f.yawDeg?.toFixed(1)}°, pitch ${f.pitchDeg?.toFixed(1)}°, ` +
      `eye aspect ratio ${f.ear.toFixed(3)}, nose x ${f.nose.x.toFixed(3)} between cheeks ` +
      `${f.cheeks[0].x.toFixed(3)}/${f.cheeks[1].x.toFixed(3)}, translation ${f.translation?.map((v) => v.toFixed(1)).join(',')}`);
    console.log(`${name} (${r.size}): ${r.faces.length} face(s), ${r.matrices} matrices; median ${r.medianMs.toFixed(1)} ms over ${TIMING_RUNS} runs`);
    for (const line of faces) console.log(`  ${line}`);
  }
  const grace = result.images['grace_hopper.jpg'];
  if (grace.faces.length !== 1) fail('grace_hopper.jpg should have exactly one face');
  else {
    const face = grace.faces[0];
    if (face.landmarks !== 478) fail(`expected 478 landmarks, got ${face.landmarks}`);
    if (grace.matrices !== 1) fail('expected a facial transformation matrix');
    if (!(Math.abs(face.yawDeg) < 15 && Math.abs(face.pitchDeg) < 20)) fail('grace_hopper.jpg should read near frontal');
  }
  if (result.images['chelsea.png'].faces.length !== 0) fail('chelsea.png should have no face');
  if (!failed) console.log('OK');
} finally {
  await browser.close();
  await server.close();
}
process.exitCode = failed ? 1 : 0;
