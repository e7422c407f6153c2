#!/usr/bin/env node
// Dev check (not CI): loads the built public/models/face_detector.tflite into tasks-vision's
// FaceDetector in headless Chromium, with the app's settings (CPU delegate, VIDEO mode, 2D canvas
// input, minDetectionConfidence 0.7), and checks a face photo (exactly one face, score > 0.8)
// and a cat photo (no face). Then, through Chromium's fake camera fed with the face photo, the
// app's camera path: getUserMedia -> <video> -> 2D canvas copy -> detect, both without size
// constraints and with the selfie's 1280x720 ideal. Prints scores and ms per detection.
// Usage: node scripts/build-models.mjs && node scripts/check-face-model.mjs [--gpu]
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { makeCameraFeed } from '../e2e/support/make-camera-feed.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = existsSync(join(root, 'e2e/fixtures/grace_hopper.jpg'))
  ? join(root, 'e2e/fixtures')
  : '/work/shared/fixtures';
const useGpu = process.argv.includes('--gpu');
const TIMING_RUNS = 30;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.tflite': 'application/octet-stream',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

// URL prefix -> directory on disk.
const MOUNTS = {
  '/vision/': join(root, 'node_modules/@mediapipe/tasks-vision'),
  '/mediapipe/': join(root, 'public/mediapipe'),
  '/models/': join(root, 'public/models'),
  '/fixtures/': fixtures,
};

// The page runs under the strict CSP the app is meant to ship with, to prove MediaPipe needs no
// more than 'wasm-unsafe-eval' (no 'unsafe-eval', no inline script).
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; " +
  "img-src 'self' blob: data:; media-src 'self' blob: mediastream:; style-src 'self'";

const PAGE = `<!doctype html><meta charset="utf-8"><title>face model check</title>
<body><script type="module" src="/check.mjs"></script></body>`;

const PAGE_JS = `import { FilesetResolver, FaceDetector } from '/vision/vision_bundle.mjs';
let ts = 0;
async function canvasOf(url) {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d').drawImage(bitmap, 0, 0);
  return canvas;
}
window.runCheck = async (delegate, timingRuns) => {
  const t0 = performance.now();
  const fileset = await FilesetResolver.forVisionTasks('/mediapipe/wasm');
  const detector = await FaceDetector.createFromOptions(fileset, {
    baseOptions: { modelAssetPath: '/models/face_detector.tflite', delegate },
    runningMode: 'VIDEO',
    minDetectionConfidence: 0.7,
  });
  const loadMs = performance.now() - t0;
  const out = { loadMs, images: {} };
  for (const name of ['grace_hopper.jpg', 'chelsea.png']) {
    const canvas = await canvasOf('/fixtures/' + name);
    const first = performance.now();
    const result = detector.detectForVideo(canvas, ++ts);
    const firstMs = performance.now() - first;
    const times = [];
    for (let i = 0; i < timingRuns; i++) {
      const s = performance.now();
      detector.detectForVideo(canvas, ++ts);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out.images[name] = {
      size: canvas.width + 'x' + canvas.height,
      faces: result.detections.map((d) => ({
        score: d.categories[0]?.score,
        box: d.boundingBox,
      })),
      firstMs,
      medianMs: times[Math.floor(times.length / 2)],
      p90Ms: times[Math.floor(times.length * 0.9)],
    };
  }
  detector.close();
  return out;
};
window.runCamera = async (delegate, constraints) => {
  const fileset = await FilesetResolver.forVisionTasks('/mediapipe/wasm');
  const detector = await FaceDetector.createFromOptions(fileset, {
    baseOptions: { modelAssetPath: '/models/face_detector.tflite', delegate },
    runningMode: 'VIDEO',
    minDetectionConfidence: 0.7,
  });
  const stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: constraints });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  const canvas = document.createElement('canvas');
  const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const ctx = canvas.getContext('2d');
  const frames = [];
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const s = performance.now();
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const d = performance.now();
    const result = detector.detectForVideo(canvas, ++ts);
    frames.push({ drawMs: d - s, detectMs: performance.now() - d, scores: result.detections.map((x) => x.categories[0]?.score) });
  }
  stream.getTracks().forEach((t) => t.stop());
  detector.close();
  return { video: video.videoWidth + 'x' + video.videoHeight, canvas: canvas.width + 'x' + canvas.height, frames };
};
window.ready = true;
`;

async function handle(req, res) {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === '/') {
    res.writeHead(200, { 'content-type': MIME['.html'], 'content-security-policy': CSP });
    res.end(PAGE);
    return;
  }
  if (path === '/favicon.ico') {
    res.writeHead(204).end();
    return;
  }
  if (path === '/check.mjs') {
    res.writeHead(200, { 'content-type': MIME['.mjs'] });
    res.end(PAGE_JS);
    return;
  }
  for (const [prefix, dir] of Object.entries(MOUNTS)) {
    if (!path.startsWith(prefix)) continue;
    const file = resolve(dir, '.' + path.slice(prefix.length - 1));
    if (!file.startsWith(dir + sep)) break;
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      break;
    }
    return;
  }
  res.writeHead(404).end();
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => res.writeHead(500).end());
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
if (!useGpu) args.push('--disable-gpu');
const feedDir = await mkdtemp(join(tmpdir(), 'face-feed-'));
const feed = await makeCameraFeed(join(fixtures, 'grace_hopper.jpg'), join(feedDir, 'face.mjpeg'));
args.push(
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${feed}`,
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
let failed = false;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  // tasks-vision posts usage metrics to Google (see its README's privacy notice); the CSP
  // above must block that, and nothing else may be blocked.
  const blocked = new Set();
  page.on('console', (m) => {
    const text = m.text();
    const csp = /Connecting to '([^']+)' violates/.exec(text);
    if (csp) blocked.add(csp[1]);
    else if (m.type() === 'error' && !/^INFO:|Refused to connect|Fetch API cannot load/.test(text)) {
      console.error('console:', text);
    }
  });
  await page.goto(url);
  await page.waitForFunction(() => window.ready === true);
  const result = await page.evaluate(
    ([delegate, runs]) => window.runCheck(delegate, runs),
    [useGpu ? 'GPU' : 'CPU', TIMING_RUNS],
  );
  console.log(`delegate ${useGpu ? 'GPU' : 'CPU'}; model + wasm load ${result.loadMs.toFixed(0)} ms`);
  for (const [name, r] of Object.entries(result.images)) {
    const scores = r.faces.map((f) => f.score.toFixed(3)).join(', ') || 'none';
    console.log(
      `${name} (${r.size}): ${r.faces.length} face(s) [${scores}]; ` +
        `first ${r.firstMs.toFixed(1)} ms, median ${r.medianMs.toFixed(1)} ms, ` +
        `p90 ${r.p90Ms.toFixed(1)} ms over ${TIMING_RUNS} runs`,
    );
  }
  const grace = result.images['grace_hopper.jpg'];
  const cat = result.images['chelsea.png'];
  if (grace.faces.length !== 1 || !(grace.faces[0].score > 0.8)) {
    console.error('FAIL: grace_hopper.jpg should have exactly one face with score > 0.8');
    failed = true;
  }
  if (cat.faces.length !== 0) {
    console.error('FAIL: chelsea.png should have no face');
    failed = true;
  }
  const cameraCases = {
    'no size constraints': { facingMode: { ideal: 'user' } },
    'ideal 1280x720': { facingMode: { ideal: 'user' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  };
  for (const [label, constraints] of Object.entries(cameraCases)) {
    const cam = await page.evaluate(
      ([delegate, c]) => window.runCamera(delegate, c),
      [useGpu ? 'GPU' : 'CPU', constraints],
    );
    const withOne = cam.frames.filter((f) => f.scores.length === 1);
    const scores = withOne.map((f) => f.scores[0]);
    const detect = cam.frames.map((f) => f.detectMs).sort((a, b) => a - b);
    const draw = cam.frames.map((f) => f.drawMs).sort((a, b) => a - b);
    const median = (xs) => xs[Math.floor(xs.length / 2)].toFixed(1);
    console.log(
      `fake camera, ${label}: video ${cam.video} -> canvas ${cam.canvas}; ` +
        `${withOne.length}/${cam.frames.length} frames with one face` +
        (scores.length ? ` (scores ${Math.min(...scores).toFixed(3)}–${Math.max(...scores).toFixed(3)})` : '') +
        `; median draw ${median(draw)} ms, detect ${median(detect)} ms`,
    );
    if (withOne.length !== cam.frames.length) {
      console.error(`FAIL: fake camera (${label}) should show one face in every frame`);
      failed = true;
    }
  }
  for (const url of blocked) console.log(`blocked by CSP (metrics upload): ${url}`);
  if (!failed) console.log('OK');
} finally {
  await browser.close();
  server.close();
  await rm(feedDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
