// Renders a fake-camera clip (.mjpeg, 640x480, played by Chromium
// at 30 fps) of a face photo turning and blinking, with face-mesh-warp.page.mjs, in Chromium. Used by
// check-face-engine.mjs and the landmark recorder; the e2e feeds render in Node instead
// (e2e/support/face-feeds.ts), so a test run needs no browser to make them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MIME, launchChromium, logPageProblems, mediapipeMounts, serveStatic } from './static-chromium.mjs';

const PAGE_JS = `import * as warp from '/warp.mjs';
window.render = async (photo, plan) => {
  const finder = await warp.createLandmarker();
  const picture = await warp.photoFrame('/photos/' + photo);
  const first = finder.detectForVideo(picture, 1).faceLandmarks[0];
  if (!first) throw new Error('no face in ' + photo);
  const base = warp.selfieFrame(picture, first);
  const mesh = warp.buildMesh(base, finder.detectForVideo(base, 2).faceLandmarks[0]);
  finder.close();
  return plan.map((p) => warp.warpFrame(mesh, p).toDataURL('image/jpeg', 0.92));
};
window.ready = true;
`;

/** `plan`: one { yawDeg, closed } per frame (30 fps). Resolves with the clip's path. */
export async function renderFaceClip({ root, photos, photo, plan, out }) {
  const server = await serveStatic({
    routes: {
      '/': { type: MIME['.html'], body: '<!doctype html><script type="module" src="/render.mjs"></script>' },
      '/render.mjs': { type: MIME['.mjs'], body: PAGE_JS },
      '/warp.mjs': { type: MIME['.mjs'], body: await readFile(join(root, 'scripts/face-mesh-warp.page.mjs')) },
    },
    mounts: { ...mediapipeMounts(root), '/photos/': photos },
  });
  const browser = await launchChromium();
  const dir = await mkdtemp(join(tmpdir(), 'face-clip-'));
  try {
    const page = await browser.newPage();
    logPageProblems(page);
    await page.goto(server.url);
    await page.waitForFunction(() => window.ready === true);
    const frames = await page.evaluate(([p, l]) => window.render(p, l), [photo, plan]);
    await Promise.all(frames.map((url, i) => writeFile(join(dir, `${String(i).padStart(4, '0')}.jpg`), Buffer.from(url.split(',')[1], 'base64'))));
    await promisify(execFile)('/usr/bin/ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y', '-framerate', '30', '-i', join(dir, '%04d.jpg'), '-q:v', '2', '-f', 'mjpeg', out,
    ]);
    return out;
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
