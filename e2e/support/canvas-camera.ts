import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { makeIdCardBackFrame } from '../../test-support/cards/id-card-back';

/**
 * A rear camera the test drives frame by frame: getUserMedia answers a 640x480 canvas stream
 * (captureStream) that repaints, 30 times a second, whichever scene the test shows. Chromium's
 * file camera (camera.ts) plays one looped clip per launch and cannot wait for the app; this
 * one changes scene exactly when the test says, so "the person is still showing the front two
 * seconds into the back step" is a fact of the test, not of timing luck.
 */
export interface CanvasCamera {
  /** Paints `scene` from now on. */
  show(scene: string): Promise<void>;
  /** Shows each scene for its ms, in order, then stays on the last. */
  play(steps: [scene: string, ms: number][]): Promise<void>;
}

/**
 * Installs the camera before any page script runs; `scenes` are encoded images (PNG or JPEG) by
 * name, painted over the whole `size` (default 640x480; a phone held upright gives 720x1280).
 */
export async function installCanvasCamera(page: Page, scenes: Record<string, Buffer>, first: string, size = { width: 640, height: 480 }): Promise<CanvasCamera> {
  const urls = Object.fromEntries(Object.entries(scenes).map(([name, bytes]) => [name, `data:image/png;base64,${bytes.toString('base64')}`]));
  await page.addInitScript(({ urls, first, size }) => {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d')!;
    const images = new Map<string, HTMLImageElement>();
    for (const [name, url] of Object.entries(urls)) {
      const img = new Image();
      img.src = url;
      images.set(name, img);
    }
    const state = { scene: first, tick: 0 };
    // A timer, not requestAnimationFrame: a hidden or headless page must keep its camera running.
    setInterval(() => {
      const img = images.get(state.scene);
      if (!img?.complete) return;
      ctx.drawImage(img, 0, 0, size.width, size.height);
      // One pixel flips each paint so every frame is new to the stream (a real sensor never repeats).
      ctx.fillStyle = state.tick++ % 2 ? '#3b3b3b' : '#3c3c3c';
      ctx.fillRect(0, 0, 1, 1);
    }, 33);
    (window as unknown as { __camera: typeof state }).__camera = state;
    const getUserMedia = async () => canvas.captureStream(30);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  }, { urls, first, size });
  const show = (scene: string) => page.evaluate((s) => { (window as unknown as { __camera: { scene: string } }).__camera.scene = s; }, scene);
  return {
    show,
    async play(steps) {
      for (const [scene, ms] of steps) {
        await show(scene);
        await page.waitForTimeout(ms);
      }
    },
  };
}

/**
 * The test ID card's two sides on the dark table, as the file camera's `card-steady` feed
 * shows the front (by default 640×480, 0.58 of the frame wide, about 0.8 of the on-screen
 * guide): 'front' and 'back' (id-card.ts, id-card-back.ts).
 */
export async function cardSideScenes(frame = { width: 640, height: 480 }, cardShare = 0.58): Promise<{ front: Buffer; back: Buffer }> {
  return {
    front: await makeIdCardFrame(resolve('e2e/fixtures/grace_hopper.jpg'), frame, { cardShare, format: 'png' }),
    back: await makeIdCardBackFrame(frame, { cardShare, format: 'png' }),
  };
}

/** A rear camera showing the card's front, until the test turns it: `camera.show('back')`. */
export async function installCardCamera(page: Page): Promise<CanvasCamera> {
  return installCanvasCamera(page, await cardSideScenes(), 'front');
}
