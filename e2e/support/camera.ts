import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, devices, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
// @ts-expect-error plain ESM helper (ffmpeg wrapper) shared with the dev scripts
import { makeCameraFeed } from './make-camera-feed.mjs';
import { makeIdCardFrame } from './id-card';

const feedsDir = resolve('.tmp/e2e-feeds');
const FEED = { width: 640, height: 480 };

/** The test-made ID card as a photo file (for the upload path), made once per run. */
export async function cardPhoto(): Promise<string> {
  mkdirSync(feedsDir, { recursive: true });
  const out = join(feedsDir, 'id-card.jpg');
  if (!existsSync(out)) writeFileSync(out, await makeIdCardFrame(resolve('e2e/fixtures/grace_hopper.jpg'), FEED));
  return out;
}

/** Camera feeds (one-frame MJPEG, looped by Chromium) made from the fixtures at the test's start. */
export async function feed(name: 'id-card' | 'face' | 'cat'): Promise<string> {
  mkdirSync(feedsDir, { recursive: true });
  const out = join(feedsDir, `${name}.mjpeg`);
  if (existsSync(out)) return out;
  let input = resolve('e2e/fixtures/grace_hopper.jpg');
  if (name === 'cat') input = resolve('e2e/fixtures/chelsea.png');
  if (name === 'id-card') input = await cardPhoto();
  return makeCameraFeed(input, out, FEED);
}

const baseArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Chromium takes one fake camera file per launch, so each camera phase launches its own browser.
 * `camera: 'denied'` launches with no fake UI: the context gets no camera permission.
 */
export async function launchPhone(
  camera: string | 'denied' | 'none',
  contextOptions: BrowserContextOptions = {},
): Promise<{ browser: Browser; context: BrowserContext }> {
  const args = [...baseArgs];
  if (camera !== 'denied' && camera !== 'none') {
    args.push('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera}`);
  }
  if (camera === 'denied') args.push('--use-fake-device-for-media-stream');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    permissions: camera === 'denied' || camera === 'none' ? [] : ['camera'],
    baseURL: undefined,
    ...contextOptions,
  });
  if (camera === 'denied') {
    // Without fake UI a permission prompt would wait forever; deny like a person tapping "Block".
    await context.grantPermissions([]);
  }
  return { browser, context };
}
