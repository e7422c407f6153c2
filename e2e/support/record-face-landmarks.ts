// Dev script (run once, output committed): the 478 FaceLandmarker points of a face photo, for the
// mesh-warped liveness feed (face-liveness-feed.ts), so making feeds needs no browser or model.
//   npx tsx e2e/support/record-face-landmarks.ts [photo] [out.json]
// Default: e2e/fixtures/grace_hopper.jpg → e2e/fixtures/grace_hopper.landmarks.json.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import sharp from 'sharp';
import { launchHeadless, serveLandmarkerPage } from './landmarker-harness';

/** Framings of the photo the landmarks are averaged over (scale of the photo in a 640x480 frame, x shift px). */
const VIEWS: ReadonlyArray<[number, number]> = [[0.8, 0], [0.8, 6], [0.85, -4], [0.9, 0], [0.75, 3]];

const PAGE_JS = `import { createLandmarker } from '/landmarker.mjs';
window.detect = async (views) => {
  const finder = await createLandmarker();
  const photo = await createImageBitmap(await (await fetch('/photo')).blob());
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const ctx = canvas.getContext('2d');
  const out = [];
  let t = 0;
  for (const [scale, dx] of views) {
    const w = photo.width * scale;
    const h = photo.height * scale;
    const x = (640 - w) / 2 + dx;
    const y = (480 - h) / 2;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 640, 480);
    ctx.drawImage(photo, x, y, w, h);
    // A few frames per view: VIDEO mode tracks (refines) after the first detection.
    let result;
    for (let k = 0; k < 4; k++) result = finder.detectForVideo(canvas, (t += 33));
    const lm = result.faceLandmarks[0];
    if (!lm) throw new Error('no face at scale ' + scale);
    // Back to photo pixels; z is in units of the frame width, like x.
    out.push(lm.map((p) => [(p.x * 640 - x) / scale, (p.y * 480 - y) / scale, (p.z * 640) / scale]));
    finder.reset?.();
  }
  finder.close();
  return { width: photo.width, height: photo.height, views: out };
};
window.ready = true;
`;

/** JSON with one landmark a line: readable diffs when the fixture is remade. */
export function formatFixture(fixture: { photo: string; width: number; height: number; note: string; landmarks: number[][] }): string {
  const { landmarks, ...head } = fixture;
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${top},\n  "landmarks": [\n${landmarks.map((p) => `    ${JSON.stringify(p)}`).join(',\n')}\n  ]\n}\n`;
}

async function main(): Promise<void> {
  const photo = resolve(process.argv[2] ?? 'e2e/fixtures/grace_hopper.jpg');
  const out = resolve(process.argv[3] ?? photo.replace(/\.[a-z]+$/i, '.landmarks.json'));
  const server = await serveLandmarkerPage({
    '/': { type: 'text/html', body: '<!doctype html><script type="module" src="/record.mjs"></script>' },
    '/record.mjs': { type: 'text/javascript', body: PAGE_JS },
    '/photo': { type: 'image/jpeg', body: await readFile(photo) },
  });
  const browser = await launchHeadless();
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const found = await page.evaluate((views) => (window as unknown as { detect: (v: unknown) => Promise<{ width: number; height: number; views: number[][][] }> }).detect(views), VIEWS);
    const { width, height } = await sharp(photo).metadata();
    if (width !== found.width || height !== found.height) throw new Error('photo size mismatch');
    const n = found.views[0]!.length;
    // Mean over the views: one detection jitters by a pixel or so.
    const points = Array.from({ length: n }, (_, i) => [0, 1, 2].map((c) => {
      const mean = found.views.reduce((s, v) => s + v[i]![c]!, 0) / found.views.length;
      return Math.round(mean * 100) / 100;
    }));
    const spread = Math.max(...Array.from({ length: n }, (_, i) => Math.max(...found.views.map((v) => Math.hypot(v[i]![0]! - points[i]![0]!, v[i]![1]! - points[i]![1]!)))));
    await writeFile(out, formatFixture({
      photo: basename(photo),
      width: width!,
      height: height!,
      note: 'FaceLandmarker (public/models/face_landmarker.task, VIDEO mode, CPU) points in photo pixels: [x, y, z], z in the same px scale (negative = towards the camera); mean over several framings. 468-477 (iris) are copies of 0-9 with this model. Made by e2e/support/record-face-landmarks.ts.',
      landmarks: points,
    }));
    console.log(`${out}: ${n} points, max spread between framings ${spread.toFixed(2)} px`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1]?.endsWith('record-face-landmarks.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
