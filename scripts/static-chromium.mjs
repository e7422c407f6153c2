// Dev-script harness (not CI): a static file server for the model, WASM and test images, and a
// headless Chromium from apt (Playwright's own browser download does not work on our build
// machines). Used by check-face-landmarker.mjs, record-face-landmarks.mjs and the landmark bench.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { chromium } from '@playwright/test';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.tflite': 'application/octet-stream',
  '.task': 'application/octet-stream',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/** The MediaPipe files under the URL layout the app uses (`mediapipe/wasm`, `models/`). */
export function mediapipeMounts(root) {
  return {
    '/vision/': join(root, 'node_modules/@mediapipe/tasks-vision'),
    '/mediapipe/': join(root, 'public/mediapipe'),
    '/models/': join(root, 'public/models'),
  };
}

/**
 * Serves `routes` (exact path -> { type, body }) and `mounts` (URL prefix -> directory) on a
 * free local port, with `headers` on every answer; resolves with { url, close }.
 */
export async function serveStatic({ routes = {}, mounts = {}, headers = {} }) {
  async function handle(req, res) {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const route = routes[path];
    if (route) {
      res.writeHead(200, { 'content-type': route.type, ...headers });
      res.end(route.body);
      return;
    }
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (!path.startsWith(prefix)) continue;
      const file = resolve(dir, '.' + path.slice(prefix.length - 1));
      if (!file.startsWith(dir + sep)) break;
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', ...headers });
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
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/** Flags that keep Chromium quiet on a closed network; `gpu` leaves WebGL on. */
export function launchChromium({ gpu = false, extraArgs = [] } = {}) {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...extraArgs,
  ];
  if (!gpu) args.push('--disable-gpu');
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args });
}

/**
 * Logs page errors and console errors, except MediaPipe's INFO chatter and its blocked metrics
 * upload; returns the CSP violations seen other than that upload (tasks-vision posts usage
 * metrics to Google, which the app's CSP must block).
 */
export function logPageProblems(page) {
  const violations = [];
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => {
    const text = m.text();
    if (/violates/.test(text) && !/googleapis\.com/.test(text)) violations.push(text);
    if (m.type() === 'error' && !/^INFO:|Refused to connect|Fetch API cannot load|violates|ERR_NAME_NOT_RESOLVED/.test(text)) {
      console.error('console:', text);
    }
  });
  return violations;
}
