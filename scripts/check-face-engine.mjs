#!/usr/bin/env node
// Dev check (not CI): the app's face engine end to end in headless Chromium, as built by Vite
// (a tiny page importing src/web/capture/face-engine.ts; the classic face Worker bundles
// tasks-vision and loads the WASM and public/models/face_landmarker.task). Chromium's fake camera
// plays (1) a clip of a face photo turning left and blinking (rendered by warping the photo with
// its face mesh): the challenge [turn-left, blink] must pass with evidence JPEGs; (2) the still
// photo: it must fail. Prints guidance hints, ms per analysed frame (in the Worker) and results.
// Usage: node scripts/build-models.mjs && node scripts/check-face-engine.mjs
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { makeCameraFeed } from '../e2e/support/make-camera-feed.mjs';
import { renderFaceClip } from './render-face-clip.mjs';
import { launchChromium, logPageProblems, mediapipeMounts, serveStatic } from './static-chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const photos = existsSync(join(root, 'e2e/fixtures/grace_hopper.jpg')) ? join(root, 'e2e/fixtures') : '/work/shared/fixtures';
// Oval of a 640x480 preview (ovalForView) in frame coordinates; the clip frames the face to fit.
const OVAL = { cx: 0.5, cy: 0.47, width: (0.62 * 480 * 0.78) / 640, height: 0.62 };
// The app's CSP (src/server/http/security-headers.ts): the Worker, its importScripts of the
// WASM loader and the WASM itself must run under it.
const CSP = [
  "default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'", "img-src 'self' blob: data:",
  "media-src 'self' blob: mediastream:", "connect-src 'self'", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'",
].join('; ');

const PAGE_JS = `import { createFaceEngine } from ${JSON.stringify(join(root, 'src/web/capture/face-engine.ts'))};
window.runEngine = async ({ challenge, guidanceMs, oval }) => {
  const engine = createFaceEngine();
  const t0 = performance.now();
  await engine.load();
  const log = { loadMs: performance.now() - t0, hints: {}, analyseMs: [], challengeFrames: 0, maxProgress: [0, 0], errors: [] };
  // The camera after the models: the fake camera's clip starts when it is opened.
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  document.body.append(video);
  await video.play();
  const finished = new Promise((resolve) => engine.subscribe((u) => {
    if (u.kind === 'guidance') {
      log.hints[u.hint] = (log.hints[u.hint] ?? 0) + 1;
      log.analyseMs.push(u.analyseMs);
    } else if (u.kind === 'challenge') {
      log.challengeFrames++;
      log.maxProgress[u.actionIndex] = Math.max(log.maxProgress[u.actionIndex], u.progress);
    } else if (u.kind === 'challenge-done') resolve(u);
    else {
      log.errors.push(String(u.error));
      resolve(null);
    }
  }));
  engine.start(video, { mirrored: true, getOval: () => oval });
  await new Promise((r) => setTimeout(r, guidanceMs));
  const challengeStart = performance.now();
  engine.startChallenge(challenge);
  const done = await finished;
  log.challengeMs = performance.now() - challengeStart;
  engine.stop();
  engine.dispose();
  stream.getTracks().forEach((t) => t.stop());
  if (done) log.done = { result: done.result, evidence: done.evidence.map((e) => ({ label: e.label, bytes: e.blob.size, type: e.blob.type })) };
  return log;
};
window.ready = true;
`;

const hold = (n, p) => Array.from({ length: n }, () => ({ ...p }));
const ramp = (n, a, b) => Array.from({ length: n }, (_, i) => ({ yawDeg: a + ((b - a) * (i + 1)) / n }));
// 30 fps: neutral 3.5 s (guidance runs 3 s of it), turn to the left and back, a blink, neutral.
const GUIDANCE_MS = 3000;
const PLAN = [
  ...hold(105, { yawDeg: 0 }), ...ramp(15, 0, 40), ...hold(12, { yawDeg: 40 }), ...ramp(15, 40, 0), ...hold(20, { yawDeg: 0 }),
  { closed: 0.5 }, ...hold(4, { closed: 1 }), { closed: 0.5 }, ...hold(30, { yawDeg: 0 }),
];

async function runCase(url, feed, challenge) {
  const browser = await launchChromium({
    extraArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${feed}`],
  });
  try {
    const page = await browser.newPage();
    const violations = logPageProblems(page);
    await page.goto(url);
    await page.waitForFunction(() => window.ready === true);
    const log = await page.evaluate((args) => window.runEngine(args), { challenge, guidanceMs: GUIDANCE_MS, oval: OVAL });
    return { ...log, violations };
  } finally {
    await browser.close();
  }
}

const work = await mkdtemp(join(tmpdir(), 'face-engine-check-'));
let failed = false;
let server = null;
try {
  await writeFile(join(work, 'index.html'), '<!doctype html><meta charset="utf-8"><body><script type="module" src="./main.js"></script></body>');
  await writeFile(join(work, 'main.js'), PAGE_JS);
  await build({
    configFile: false,
    logLevel: 'warn',
    root: work,
    publicDir: false,
    worker: { format: 'iife' },
    build: { outDir: join(work, 'dist'), emptyOutDir: true, target: ['es2020', 'safari14', 'chrome87', 'firefox78'] },
  });
  server = await serveStatic({
    routes: {},
    mounts: { ...mediapipeMounts(root), '/': join(work, 'dist') },
    headers: { 'content-security-policy': CSP },
  });
  const clip = await renderFaceClip({ root, photos, photo: 'grace_hopper.jpg', plan: PLAN, out: join(work, 'clip.mjpeg') });
  const still = await makeCameraFeed(join(photos, 'grace_hopper.jpg'), join(work, 'still.mjpeg'));
  const challenge = (actionTimeoutMs) => ({
    challengeId: 'lch_check', actions: ['turn-left', 'blink'], actionTimeoutMs, attempt: 1, maxAttempts: 3, expiresAt: '2030-01-01T00:00:00.000Z',
  });
  for (const [name, feed, timeout, expected] of [['turning, blinking clip', clip, 8000, 'passed'], ['still photo', still, 4000, 'failed']]) {
    const log = await runCase(server.url + 'index.html', feed, challenge(timeout));
    // The first frames after loading include one-off set-up work.
    const sorted = log.analyseMs.slice(5).sort((a, b) => a - b);
    const r = log.done?.result;
    console.log(`${name}: load ${log.loadMs.toFixed(0)} ms; guidance ${JSON.stringify(log.hints)}, ` +
      `${sorted[sorted.length >> 1]?.toFixed(1)} ms/frame in the worker (median of ${sorted.length} after the first 5); ` +
      `${log.challengeFrames} challenge frames in ${log.challengeMs.toFixed(0)} ms`);
    if (r) {
      console.log(`  verdict ${r.verdict}${r.failure ? ` (${r.failure})` : ''}; actions ${JSON.stringify(r.actions)}; neutral ${JSON.stringify(r.neutral)}`);
      console.log(`  evidence ${log.done.evidence.map((e) => `${e.label} ${e.type} ${e.bytes} B`).join(', ')}`);
    }
    for (const e of log.errors) console.error(`  error: ${e}`);
    for (const v of log.violations) console.error(`  CSP: ${v}`);
    if (log.violations.length) failed = true;
    if (r?.verdict !== expected) {
      console.error(`FAIL: ${name} should have ${expected}`);
      failed = true;
    }
  }
  if (!failed) console.log('OK');
} finally {
  await server?.close();
  await rm(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
