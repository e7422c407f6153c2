import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { feed, launchPhone, type FeedName } from './support/camera';
import { E2E_BASE } from './support/env';

// The journeys trust that the fake camera shows what each feed was made of: Chromium plays a
// broken or one-frame MJPEG as a plain green picture, which would make every camera test
// meaningless. Each feed is opened as a camera and its frames compared with the file's own.

/** 32x24 grey thumbnail of frame `n` of an MJPEG file, decoded by ffmpeg + sharp. */
async function fileFrame(path: string, n: number): Promise<Uint8Array> {
  const png = execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', path, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-']);
  return new Uint8Array(await sharp(png).resize(32, 24, { fit: 'fill' }).greyscale().raw().toBuffer());
}

const meanAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

for (const name of ['card-steady', 'card-blurred', 'face-still', 'face-liveness', 'cat'] as FeedName[]) {
  test(`the fake camera shows the ${name} feed, frame after frame`, async () => {
    const path = await feed(name);
    const phone = await launchPhone(path);
    try {
      const page = await phone.context.newPage();
      await page.goto(`${E2E_BASE}/api/health`);
      const shots = await page.evaluate(async () => {
        const stream = await navigator.mediaDevices.getUserMedia({ video: true });
        const video = document.createElement('video');
        video.muted = true;
        video.srcObject = stream;
        await video.play();
        const canvas = document.createElement('canvas');
        canvas.width = 32;
        canvas.height = 24;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        const out: { grey: number[]; green: number }[] = [];
        for (let i = 0; i < 4; i++) {
          await new Promise((r) => setTimeout(r, 250));
          ctx.drawImage(video, 0, 0, 32, 24);
          const px = ctx.getImageData(0, 0, 32, 24).data;
          const grey: number[] = [];
          let green = 0;
          for (let p = 0; p < px.length; p += 4) {
            grey.push(Math.round(0.299 * px[p]! + 0.587 * px[p + 1]! + 0.114 * px[p + 2]!));
            if (px[p + 1]! > 120 && px[p]! < 60 && px[p + 2]! < 60) green++;
          }
          out.push({ grey, green: green / (px.length / 4) });
        }
        stream.getTracks().forEach((t) => t.stop());
        return { shots: out, width: video.videoWidth, height: video.videoHeight };
      });
      expect(shots.width).toBe(640);
      expect(shots.height).toBe(480);
      // Not Chromium's plain green stand-in…
      for (const s of shots.shots) expect(s.green).toBeLessThan(0.5);
      // …but the feed's own picture: every shot is close to one of the file's frames (the clip
      // moves, so compare with the nearest of a few), and far from a flat grey.
      const reference = await Promise.all([0, 30, 60, 90, 120, 150, 180, 210].map((n) => fileFrame(path, n).catch(() => null)));
      const frames = reference.filter((f): f is Uint8Array => f !== null && f.length === 32 * 24);
      for (const s of shots.shots) {
        const nearest = Math.min(...frames.map((f) => meanAbsDiff(s.grey, f)));
        expect(nearest).toBeLessThan(14);
        const mean = s.grey.reduce((a, b) => a + b, 0) / s.grey.length;
        expect(meanAbsDiff(s.grey, s.grey.map(() => mean))).toBeGreaterThan(10);
      }
    } finally {
      await phone.browser.close();
    }
  });
}
