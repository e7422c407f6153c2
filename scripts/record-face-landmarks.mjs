#!/usr/bin/env node
// Dev tool (not CI): records real FaceLandmarker output (the app's .task, VIDEO mode, CPU) over
// generated 640x480 frame sequences, as compact JSON fixtures for the liveness judge's tests in
// src/vision/face/fixtures/. Frames: test photos held still, moved as rigid pictures (in-plane
// roll, slide, zoom: none of that is a head turn), and turned in depth or blinking by warping
// the photo with its own face mesh (see face-mesh-warp.page.mjs). With `--clip <file.mjpeg>`
// the frames of a fake-camera clip are recorded instead.
// Usage: node scripts/build-models.mjs && npx tsx scripts/record-face-landmarks.mjs [--only name | --clip f]
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MEASURED_LANDMARKS, measureFace } from '../src/vision/face/face-measures.ts';
import { MIME, launchChromium, logPageProblems, mediapipeMounts, serveStatic } from './static-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = '/work/shared/fixtures';
const photos = existsSync(join(root, 'e2e/fixtures/man_portrait.jpg')) ? join(root, 'e2e/fixtures') : shared;
const OUT_DIR = join(root, 'src/vision/face/fixtures');
const FRAME_MS = 1000 / 15;
const FRAME = { width: 640, height: 480 };

const hold = (n, params) => Array.from({ length: n }, () => ({ ...params }));
/** `n` frames from a to b (b included), linearly, for each numeric key. */
const ramp = (n, a, b) =>
  Array.from({ length: n }, (_, i) => Object.fromEntries(Object.keys(b).map((k) => [k, a[k] + ((b[k] - a[k]) * (i + 1)) / n])));
const turns = (deg) => [
  ...hold(8, { yawDeg: 0 }), ...ramp(8, { yawDeg: 0 }, { yawDeg: deg }), ...hold(5, { yawDeg: deg }),
  ...ramp(8, { yawDeg: deg }, { yawDeg: 0 }), ...hold(4, { yawDeg: 0 }), ...ramp(8, { yawDeg: 0 }, { yawDeg: -deg }),
  ...hold(5, { yawDeg: -deg }), ...ramp(8, { yawDeg: -deg }, { yawDeg: 0 }), ...hold(6, { yawDeg: 0 }),
];

const blinks = () => [
  ...hold(10, { closed: 0 }), { closed: 0.5 }, { closed: 1 }, { closed: 1 }, { closed: 0.5 },
  ...hold(10, { closed: 0 }), { closed: 0.6 }, { closed: 1 }, { closed: 0.4 }, ...hold(8, { closed: 0 }),
];

// Rendered yaw: the landmarker reads about 0.7 of it (see the mediapipe-offline note).
const SEQUENCES = {
  still: { photo: 'grace_hopper.jpg', kind: 'affine', frames: hold(30, {}) },
  'still-other-person': { photo: 'man_portrait.jpg', kind: 'affine', frames: hold(20, {}) },
  turns: { photo: 'grace_hopper.jpg', kind: 'warp', frames: turns(40) },
  'small-turns': { photo: 'grace_hopper.jpg', kind: 'warp', frames: turns(14) },
  'turns-other-person': { photo: 'man_portrait.jpg', kind: 'warp', frames: turns(40) },
  blinks: { photo: 'grace_hopper.jpg', kind: 'warp', frames: blinks() },
  'blinks-other-person': { photo: 'man_portrait.jpg', kind: 'warp', frames: blinks() },
  roll: {
    photo: 'grace_hopper.jpg',
    kind: 'affine',
    frames: [...hold(5, { rollDeg: 0 }), ...ramp(8, { rollDeg: 0 }, { rollDeg: 25 }), ...ramp(12, { rollDeg: 25 }, { rollDeg: -25 }), ...ramp(8, { rollDeg: -25 }, { rollDeg: 0 })],
  },
  slide: {
    photo: 'grace_hopper.jpg',
    kind: 'affine',
    frames: [...hold(5, { dx: 0 }), ...ramp(10, { dx: 0 }, { dx: 170 }), ...ramp(20, { dx: 170 }, { dx: -170 }), ...ramp(10, { dx: -170 }, { dx: 0 })],
  },
  // Tilting a printed photo back and forth (slowly, then quickly) narrows the eyes like a blink.
  'tilted-photo': {
    photo: 'grace_hopper.jpg',
    kind: 'affine',
    frames: [
      ...hold(5, { scaleY: 1 }), ...ramp(8, { scaleY: 1 }, { scaleY: 0.75 }), ...ramp(8, { scaleY: 0.75 }, { scaleY: 1 }),
      ...hold(4, { scaleY: 1 }), { scaleY: 0.85 }, { scaleY: 0.75 }, { scaleY: 0.85 }, ...hold(6, { scaleY: 1 }),
    ],
  },
  zoom: {
    photo: 'grace_hopper.jpg',
    kind: 'affine',
    frames: [...hold(5, { scale: 1 }), ...ramp(8, { scale: 1 }, { scale: 1.35 }), ...ramp(14, { scale: 1.35 }, { scale: 0.7 }), ...ramp(8, { scale: 0.7 }, { scale: 1 })],
  },
};

const PAGE = `<!doctype html><meta charset="utf-8"><title>record face landmarks</title>
<body><script type="module" src="/record.mjs"></script></body>`;

const PAGE_JS = `import * as warp from '/warp.mjs';
const INDICES = ${JSON.stringify(MEASURED_LANDMARKS)};
const r4 = (v) => Math.round(v * 1e4) / 1e4;
function compact(result) {
  return result.faceLandmarks.map((points, i) => ({
    p: INDICES.flatMap((k) => [r4(points[k].x), r4(points[k].y), r4(points[k].z)]),
    m: result.facialTransformationMatrixes[i] ? Array.from(result.facialTransformationMatrixes[i].data, r4) : null,
  }));
}
window.record = async (seq, frameMs) => {
  let base = null;
  let mesh = null;
  if (seq.kind !== 'clip') {
    // Frame the photo like a selfie, then find its face again for the mesh.
    const finder = await warp.createLandmarker();
    const photo = await warp.photoFrame('/photos/' + seq.photo);
    const first = finder.detectForVideo(photo, 1).faceLandmarks[0];
    if (!first) throw new Error('no face in ' + seq.photo);
    base = warp.selfieFrame(photo, first);
    const found = finder.detectForVideo(base, 2).faceLandmarks[0];
    finder.close();
    if (!found) throw new Error('no face in the selfie framing of ' + seq.photo);
    if (seq.kind === 'warp') mesh = warp.buildMesh(base, found);
  }
  // A fresh landmarker per sequence: VIDEO-mode tracking must not carry over.
  const landmarker = await warp.createLandmarker();
  const frames = [];
  for (let i = 0; i < seq.frames.length; i++) {
    const params = seq.frames[i];
    let canvas;
    if (seq.kind === 'clip') canvas = await warp.photoFrame('/clip/' + params.file);
    else if (seq.kind === 'warp') canvas = warp.warpFrame(mesh, params);
    else canvas = warp.affineFrame(base, params);
    const t = Math.round(i * frameMs);
    frames.push({ t, faces: compact(landmarker.detectForVideo(canvas, t + 1)) });
  }
  landmarker.close();
  return frames;
};
window.ready = true;
`;

async function clipSequence(file, dir) {
  await promisify(execFile)('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-q:v', '2', join(dir, '%04d.jpg')]);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  return { kind: 'clip', frames: files.map((f) => ({ file: f })) };
}

const only = process.argv.indexOf('--only');
const clipArg = process.argv.indexOf('--clip');
const clipDir = await mkdtemp(join(tmpdir(), 'clip-frames-'));
const sequences = clipArg > 0
  ? { [basename(process.argv[clipArg + 1], extname(process.argv[clipArg + 1]))]: await clipSequence(resolve(process.argv[clipArg + 1]), clipDir) }
  : only > 0
    ? { [process.argv[only + 1]]: SEQUENCES[process.argv[only + 1]] }
    : SEQUENCES;

const server = await serveStatic({
  routes: {
    '/': { type: MIME['.html'], body: PAGE },
    '/record.mjs': { type: MIME['.mjs'], body: PAGE_JS },
    '/warp.mjs': { type: MIME['.mjs'], body: await readFile(join(root, 'scripts/face-mesh-warp.page.mjs')) },
  },
  mounts: { ...mediapipeMounts(root), '/photos/': photos, '/clip/': clipDir },
});
const browser = await launchChromium();
await mkdir(OUT_DIR, { recursive: true });
try {
  const page = await browser.newPage();
  logPageProblems(page);
  await page.goto(server.url);
  await page.waitForFunction(() => window.ready === true);
  for (const [name, seq] of Object.entries(sequences)) {
    const frames = await page.evaluate(([s, ms]) => window.record(s, ms), [seq, FRAME_MS]);
    const fixture = {
      recorded: `scripts/record-face-landmarks.mjs: ${seq.kind === 'clip' ? 'clip frames' : `${seq.photo}, ${seq.kind}`}, ${FRAME.width}x${FRAME.height}, 15 fps`,
      frame: FRAME,
      indices: MEASURED_LANDMARKS,
      frames,
    };
    await writeFile(join(OUT_DIR, `${name}.json`), JSON.stringify(fixture) + '\n');
    const summary = frames.map((f) => {
      if (f.faces.length !== 1) return `${f.faces.length}f`;
      const face = f.faces[0];
      const landmarks = [];
      MEASURED_LANDMARKS.forEach((k, j) => (landmarks[k] = { x: face.p[3 * j], y: face.p[3 * j + 1], z: face.p[3 * j + 2] }));
      const m = measureFace(landmarks, FRAME, face.m);
      return `${m.yawDeg.toFixed(0)}/${m.pitchDeg.toFixed(0)}/${m.eyeOpenness.toFixed(2)}/${m.rollDeg.toFixed(0)}`;
    });
    console.log(`${name}: ${frames.length} frames (yaw/pitch/eyes/roll)\n  ${summary.join(' ')}`);
  }
} finally {
  await browser.close();
  await server.close();
  await rm(clipDir, { recursive: true, force: true });
}
