import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { cardPhoto, feed } from '../e2e/support/camera';
import { startProcess } from './server-process';

const ADMIN = 'bench-admin-token-0123456789abcdef0123456789abcdef';

/**
 * Every byte a fresh phone (empty cache) downloads from opening the link to a live, guided selfie
 * step, with the document already captured: HTML, JS, CSS, translations, MediaPipe WASM and the
 * face model, as transferred (gzip where the server compresses). Measured in Chromium.
 */
export async function measureBytesToSelfie(): Promise<string> {
  const p = await startProcess('src/server/main.ts', { IDV_ADMIN_TOKEN: ADMIN }, '/api/health');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await feed('face')}`],
  });
  try {
    const adm = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const key = (await (await fetch(`${p.url}/api/admin/keys`, { method: 'POST', headers: adm, body: '{"mode":"test"}' })).json()).data.apiKey;
    const v = (await (await fetch(`${p.url}/api/v1/verifications`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{}' })).json()).data;
    const hosted = `${p.url}/api/v1/hosted/verifications/${v.verificationId}`;
    await fetch(`${hosted}/start`, { method: 'POST' });
    await fetch(`${hosted}/document`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"type":"PASSPORT","issuingState":"FRA"}' });
    await fetch(`${hosted}/media/document-front`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: readFileSync(await cardPhoto()) });

    const context = await browser.newContext({ ...devices['Pixel 7'], permissions: ['camera'] });
    const page = await context.newPage();
    let bytes = 0;
    let requests = 0;
    page.on('requestfinished', async (req) => {
      const sizes = await req.sizes().catch(() => null);
      if (sizes) { bytes += sizes.responseBodySize + sizes.responseHeadersSize; requests += 1; }
    });
    await page.goto(`${p.url}/?processId=${v.verificationId}`);
    await page.getByTestId('face-hint').and(page.locator('[data-hint="ready"]')).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    return `bytes to a live, guided selfie step (fresh cache, document already captured): ${(bytes / 1024).toFixed(1)} KB in ${requests} requests`;
  } finally {
    await browser.close();
    await p.stop();
  }
}

if (import.meta.url === `file://${resolve(process.argv[1] ?? '')}`) console.log(await measureBytesToSelfie());
