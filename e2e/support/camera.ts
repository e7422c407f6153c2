import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { chromium, devices, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { writeCardFeed } from './card-feeds';
import { writeFaceLivenessFeed, writeFaceStillFeed } from './face-feeds';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { fitToFrame } from '../../test-support/images/rgb-image';
import { writeStillFeed } from './still-feed';

const feedsDir = resolve('.tmp/e2e-feeds');
const FEED = { width: 640, height: 480 };
const FACE = resolve('e2e/fixtures/grace_hopper.jpg');
const CAT = resolve('e2e/fixtures/chelsea.png');
/**
 * Part of every cached file's name: bump it when what a feed shows must change for reasons the
 * files below do not show (ffmpeg, say). Any edit to e2e/support/, test-support/ or the fixtures changes the
 * content key anyway, so the next run makes the feeds afresh instead of reusing stale ones.
 */
export const FEED_VERSION = 'v6';

/** FEED_VERSION plus a hash of everything the feeds are made from. */
function feedKey(): string {
  const hash = createHash('sha256').update(FEED_VERSION);
  // The feed makers here and the synthetic card and face makers they draw with (test-support/).
  const dirs = ['e2e/support', 'test-support/cards', 'test-support/faces', 'test-support/images'].map((d) => resolve(d));
  const sources = dirs.flatMap((here) => readdirSync(here).filter((f) => /\.(ts|mjs)$/.test(f)).sort().map((f) => join(here, f)));
  for (const file of [...sources, FACE, FACE.replace(/\.jpg$/, '.landmarks.json'), CAT]) hash.update(basename(file)).update(readFileSync(file));
  return `${FEED_VERSION}-${hash.digest('hex').slice(0, 8)}`;
}

/** Removes cached files of `prefix` made under another key. */
function removeStale(prefix: string, keep: string): void {
  for (const file of readdirSync(feedsDir)) {
    if (file.startsWith(`${prefix}-v`) && join(feedsDir, file) !== keep) rmSync(join(feedsDir, file), { force: true });
  }
}
let key: string | null = null;
const currentKey = () => (key ??= feedKey());

/** The test-made ID card as a photo file (for the upload path): a close-up, 0.8 of the picture wide. */
export async function cardPhoto(): Promise<string> {
  mkdirSync(feedsDir, { recursive: true });
  const out = join(feedsDir, `id-card-${currentKey()}.jpg`);
  if (!existsSync(out)) {
    removeStale('id-card', out);
    writeFileSync(out, await makeIdCardFrame(FACE, FEED, { cardShare: 0.8 }));
  }
  return out;
}

/**
 * Camera feeds for Chromium's fake camera (--use-file-for-fake-video-capture), all 640x480
 * multi-frame 4:2:0 MJPEG with seeded sensor noise (a one-frame file plays as plain green):
 * - `card-steady` (alias `id-card`): the test ID card, sharp, steady, centred, 0.58 of the frame
 *   wide (about 0.8 of the on-screen guide, mid-way in the accepted fill range), on a dark table; 2 s looped;
 * - `card-blurred`: the same, out of focus (Gaussian σ 4 px), otherwise identical;
 * - `face-still` (alias `face`): grace_hopper.jpg as a printed photo held up to the camera,
 *   swaying a few px; no turn, no blink; 3 s looped;
 * - `face-liveness`: the same face turning left and back, blinking, turning right and back,
 *   blinking, 8 s looped, starting with 1.5 s facing the camera;
 * - `cat`: chelsea.png, no face and no document.
 * `e2e/support/check-feeds.ts` proves in Chromium, with the app's landmarker, that each shows that.
 */
export type FeedName = 'card-steady' | 'card-blurred' | 'face-still' | 'face-liveness' | 'cat' | 'id-card' | 'face';

const ALIASES: Partial<Record<FeedName, FeedName>> = { 'id-card': 'card-steady', face: 'face-still' };

const MAKERS: Record<string, (out: string) => Promise<string>> = {
  'card-steady': (out) => writeCardFeed(FACE, out, FEED, { cardShare: 0.58 }),
  'card-blurred': (out) => writeCardFeed(FACE, out, FEED, { cardShare: 0.58, blurSigma: 4 }),
  'face-still': (out) => writeFaceStillFeed(FACE, out),
  'face-liveness': (out) => writeFaceLivenessFeed(FACE, out),
  cat: async (out) => writeStillFeed(await fitToFrame(CAT, FEED), out, { frames: 60, motion: { shakePx: 0.3 } }),
};

const making = new Map<string, Promise<string>>();

/**
 * Absolute path of the named feed, made on first use and cached in .tmp/e2e-feeds/ under the
 * content key (older versions of it are removed then).
 */
export function feed(name: FeedName): Promise<string> {
  const real = ALIASES[name] ?? name;
  const out = join(feedsDir, `${real}-${currentKey()}.mjpeg`);
  if (existsSync(out)) return Promise.resolve(out);
  let pending = making.get(out);
  if (!pending) {
    mkdirSync(feedsDir, { recursive: true });
    removeStale(real, out);
    pending = MAKERS[real]!(out);
    making.set(out, pending);
    pending.catch(() => making.delete(out));
  }
  return pending;
}

/**
 * Every feed, made up front (before the journeys), with the seconds each took. All at once: the
 * rendering runs here while the ffmpeg encoders run on the other cores.
 */
export function makeAllFeeds(): Promise<Array<{ name: FeedName; path: string; seconds: number }>> {
  return Promise.all((Object.keys(MAKERS) as FeedName[]).map(async (name) => {
    const started = performance.now();
    const path = await feed(name);
    return { name, path, seconds: (performance.now() - started) / 1000 };
  }));
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
