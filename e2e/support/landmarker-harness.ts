import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { chromium, type Browser } from '@playwright/test';

// Runs the app's own FaceLandmarker (public/models/face_landmarker.task, the WASM the app ships)
// in headless Chromium, for dev scripts that record or check face pictures. Not used by journeys.

export const LANDMARKER_MODEL = 'public/models/face_landmarker.task';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.task': 'application/octet-stream',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

export interface Route {
  type: string;
  body: string | Buffer;
}

/** Browser module served at /landmarker.mjs: the app's landmarker set up as the app does (VIDEO mode, CPU, 2 faces, pose matrices). */
const LANDMARKER_JS = `import { FaceLandmarker, FilesetResolver } from '/vision/vision_bundle.mjs';
export async function createLandmarker() {
  const fileset = await FilesetResolver.forVisionTasks('/mediapipe/wasm');
  return FaceLandmarker.createFromOptions(fileset, {
    baseOptions: { modelAssetPath: '/models/face_landmarker.task', delegate: 'CPU' },
    runningMode: 'VIDEO', numFaces: 2, outputFacialTransformationMatrixes: true,
  });
}
`;

/**
 * Serves `routes` plus tasks-vision (/vision/), the app's WASM (/mediapipe/wasm/), its models
 * (/models/) and /landmarker.mjs on a free local port.
 */
export async function serveLandmarkerPage(routes: Record<string, Route>): Promise<{ url: string; close: () => Promise<void> }> {
  const root = resolve('.');
  const mounts: Record<string, string> = {
    '/vision/': join(root, 'node_modules/@mediapipe/tasks-vision'),
    '/mediapipe/wasm/': join(root, 'public/mediapipe/wasm'),
    '/models/': join(root, 'public/models'),
  };
  const all: Record<string, Route> = { '/landmarker.mjs': { type: MIME['.mjs']!, body: LANDMARKER_JS }, ...routes };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const route = all[path];
    if (route) {
      res.writeHead(200, { 'content-type': route.type }).end(route.body);
      return;
    }
    const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
    const dir = prefix ? mounts[prefix]! : null;
    const file = dir && prefix ? resolve(dir, path.slice(prefix.length)) : null;
    if (!dir || !file || !file.startsWith(dir + sep)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** Debian's Chromium, headless and quiet on a closed network; `camera`: a fake-camera file. */
export function launchHeadless(camera?: string): Promise<Browser> {
  const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'];
  if (camera) {
    args.push('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${resolve(camera)}`);
  }
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args });
}
