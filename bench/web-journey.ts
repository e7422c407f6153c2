import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type Page } from '@playwright/test';
import { cardPhoto, feed } from '../e2e/support/camera';
import { startProcess } from '../src/server/testing/spawn-server';

const ADMIN = 'bench-admin-token-0123456789abcdef0123456789abcdef';
export const FIRST_SCREEN_JS_BUDGET = 110 * 1024;

export interface WebJourney {
  /** JS the browser fetched before the welcome screen was on screen, gzip -9 of the built files. */
  firstScreenJsGzip: number;
  firstScreenJsFiles: string[];
  /** Everything transferred (headers + bodies as sent) from opening the link to a guided selfie. */
  bytesToSelfie: number;
  requestsToSelfie: number;
}

const gzipOf = (webRoot: string, path: string) => {
  const file = join(webRoot, path);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
};

/** Adds up every finished request's transferred size (headers + body as sent). */
function recordRequests(page: Page) {
  const rec = { bytes: 0, requests: 0 };
  page.on('requestfinished', async (req) => {
    const sizes = await req.sizes().catch(() => null);
    if (sizes) { rec.bytes += sizes.responseBodySize + sizes.responseHeadersSize; rec.requests += 1; }
  });
  return rec;
}

/**
 * A fresh phone (empty cache, Pixel 7 profile) against the real server: (1) the JS needed before
 * the first screen a person sees (the welcome screen, lazy flow chunk included), measured by what
 * Chromium actually requests; (2) every byte from opening the link to a live, guided selfie step
 * with the document already captured: HTML, JS, CSS, translations, MediaPipe WASM, face model.
 */
export async function measureWebJourney(webRoot = 'dist/web'): Promise<WebJourney> {
  const p = await startProcess('src/server/main.ts', { IDV_ADMIN_TOKEN: ADMIN }, '/api/health');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await feed('face')}`],
  });
  try {
    const adm = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const key = (await (await fetch(`${p.url}/api/admin/keys`, { method: 'POST', headers: adm, body: '{"mode":"test"}' })).json()).data.apiKey;
    const create = async () => (await (await fetch(`${p.url}/api/v1/verifications`, {
      method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{}',
    })).json()).data.verificationId as string;

    const first = await browser.newContext({ ...devices['Pixel 7'] });
    const welcomePage = await first.newPage();
    // The capture prefetch starts as soon as the browser is idle after the welcome screen paints,
    // often before Playwright sees the screen: only scripts requested before it appeared count.
    await welcomePage.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (!document.querySelector('[data-testid="welcome-screen"]')) return;
        (window as unknown as { welcomeAt: number }).welcomeAt = performance.now();
        obs.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await welcomePage.goto(`${p.url}/?processId=${await create()}`);
    await welcomePage.getByTestId('welcome-screen').waitFor({ timeout: 60_000 });
    const firstScreenJsFiles = await welcomePage.evaluate(() => {
      const at = (window as unknown as { welcomeAt: number }).welcomeAt;
      return performance.getEntriesByType('resource')
        .filter((e) => e.startTime <= at && /\.m?js$/.test(new URL(e.name).pathname))
        .map((e) => new URL(e.name).pathname).sort();
    });
    await first.close();

    const id = await create();
    const hosted = `${p.url}/api/v1/hosted/verifications/${id}`;
    await fetch(`${hosted}/start`, { method: 'POST' });
    await fetch(`${hosted}/document`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"type":"PASSPORT","issuingState":"FRA"}' });
    await fetch(`${hosted}/media/document-front`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: readFileSync(await cardPhoto()) });
    const context = await browser.newContext({ ...devices['Pixel 7'], permissions: ['camera'] });
    const page = await context.newPage();
    const toSelfie = recordRequests(page);
    await page.goto(`${p.url}/?processId=${id}`);
    // Guided and live: the face is placed ("ready"), or already past it into the challenge (on a
    // fast run the neutral selfie can be taken before "ready" is shown).
    await page.locator('[data-testid="face-hint"]:is([data-hint="ready"], [data-hint^="action:"])').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    return {
      firstScreenJsGzip: firstScreenJsFiles.reduce((n, f) => n + gzipOf(webRoot, f), 0),
      firstScreenJsFiles,
      bytesToSelfie: toSelfie.bytes,
      requestsToSelfie: toSelfie.requests,
    };
  } finally {
    await browser.close();
    await p.stop();
  }
}

if (import.meta.url === `file://${resolve(process.argv[1] ?? '')}`) console.log(await measureWebJourney());
