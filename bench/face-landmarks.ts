// FaceLandmarker speed in headless Chromium (CPU delegate, VIDEO mode, numFaces 2, matrices on:
// the app's settings) on 640x480 frames of a face framed like a selfie: a still frame (tracking
// keeps the face, the detector rarely runs) and a head turning (rendered by face-mesh warping).
// Main thread, model time only; the app runs it in a Worker (scripts/check-face-engine.mjs
// reports that end to end). `npx tsx bench/face-landmarks.ts` prints the numbers.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// @ts-expect-error plain ESM dev-script helper
import { MIME, launchChromium, mediapipeMounts, serveStatic } from '../scripts/static-chromium.mjs';

export interface LandmarkTiming {
  frames: number;
  medianMs: number;
  p95Ms: number;
  /** Frames where exactly one face was found. */
  tracked: number;
}

export interface FaceLandmarksBench {
  loadMs: number;
  still: LandmarkTiming;
  turning: LandmarkTiming;
}

const FRAMES = 60;
const root = resolve(import.meta.dirname, '..');
const photos = join(root, 'e2e/fixtures');

const PAGE_JS = `import * as warp from '/warp.mjs';
window.bench = async (frames) => {
  const t0 = performance.now();
  const landmarker = await warp.createLandmarker();
  const loadMs = performance.now() - t0;
  const photo = await warp.photoFrame('/photos/grace_hopper.jpg');
  const base = warp.selfieFrame(photo, landmarker.detectForVideo(photo, 1).faceLandmarks[0]);
  const mesh = warp.buildMesh(base, landmarker.detectForVideo(base, 2).faceLandmarks[0]);
  const turning = Array.from({ length: frames }, (_, i) => warp.warpFrame(mesh, { yawDeg: 35 * Math.sin((i / frames) * 2 * Math.PI) }));
  let ts = 100;
  const time = (images) => {
    const times = [];
    let tracked = 0;
    for (const image of images) {
      const s = performance.now();
      const result = landmarker.detectForVideo(image, (ts += 66));
      times.push(performance.now() - s);
      if (result.faceLandmarks.length === 1) tracked++;
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { frames: times.length, medianMs: +at(0.5).toFixed(1), p95Ms: +at(0.95).toFixed(1), tracked };
  };
  time(turning.slice(0, 5)); // warm-up
  const result = { loadMs: Math.round(loadMs), still: time(Array(frames).fill(base)), turning: time(turning) };
  landmarker.close();
  return result;
};
window.ready = true;
`;

export async function measureFaceLandmarks(): Promise<FaceLandmarksBench> {
  const server = await serveStatic({
    routes: {
      '/': { type: MIME['.html'], body: '<!doctype html><script type="module" src="/bench.mjs"></script>' },
      '/bench.mjs': { type: MIME['.mjs'], body: PAGE_JS },
      '/warp.mjs': { type: MIME['.mjs'], body: readFileSync(join(root, 'scripts/face-mesh-warp.page.mjs')) },
    },
    mounts: { ...mediapipeMounts(root), '/photos/': photos },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    return await page.evaluate((n: number) => (window as unknown as { bench(n: number): Promise<FaceLandmarksBench> }).bench(n), FRAMES);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const r = await measureFaceLandmarks();
  console.log(`FaceLandmarker, headless Chromium, CPU, 640x480, model + wasm load ${r.loadMs} ms`);
  for (const [name, t] of [['still face', r.still], ['turning face', r.turning]] as const) {
    console.log(`  ${name}: median ${t.medianMs} ms/frame, p95 ${t.p95Ms} ms over ${t.frames} frames (${t.tracked} with one face)`);
  }
}
