import { MEASURED_LANDMARKS } from '../../src/vision/face/face-measures';
import { launchHeadless, serveLandmarkerPage } from './landmarker-harness';

// Plays a fake-camera file in headless Chromium the way the app reads its camera (getUserMedia,
// frames drawn to a canvas) and records, per frame, pixel statistics and the app's
// FaceLandmarker output (the landmarks the app measures, and the pose matrix). For check-feeds.ts.

/** What the page sends back per analysed frame: the measured landmarks (flat x, y, z) and the pose matrix of each face. */
export interface RawSample {
  /** Frame time since the first frame, s (the video's mediaTime). */
  t: number;
  faces: Array<{ points: number[]; matrix: number[] | null }>;
}

export interface PixelStats {
  mean: [number, number, number];
  lumaStd: number;
  /** Share of pixels that look like Chromium's plain green stand-in. */
  greenShare: number;
  /** Mean |Δluma| between consecutive frames (0 = frozen), levels of 255. */
  frameDiff: number;
  /** Laplacian variance of the central 54 % (the part a portrait phone shows), at 480 px long edge like the app. */
  sharpness: number;
}

export interface Capture {
  width: number;
  height: number;
  frames: number;
  stats: PixelStats[];
  samples: RawSample[];
}

const PAGE_JS = `import { createLandmarker } from '/landmarker.mjs';
window.capture = async (seconds, detect, indices) => {
  const finder = detect ? await createLandmarker() : null;
  let lastTs = 0;
  if (finder) {
    // Warm up (the first detection sets the graph up, ~1 s) before the clip's first frame.
    const blank = document.createElement('canvas');
    blank.width = 640;
    blank.height = 480;
    finder.detectForVideo(blank, (lastTs = 1));
  }
  const stream = await navigator.mediaDevices.getUserMedia({ video: true });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const { width, height } = canvas;
  const samples = [];
  const stats = [];
  let previous = null;
  let frames = 0;
  let start = null;
  const luma = (d) => {
    const out = new Float32Array(width * height);
    for (let i = 0, p = 0; p < out.length; i += 4, p++) out[p] = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    return out;
  };
  const sharpness = (grey) => {
    // Central 54 % of the width, 2x2 box-averaged (640 → 320 wide at most: like the app's 480-px analysis of the crop).
    const x0 = Math.round(width * 0.23), x1 = Math.round(width * 0.77);
    const w = Math.floor((x1 - x0) / 2), h = Math.floor(height / 2);
    const g = new Float32Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = 2 * y * width + x0 + 2 * x;
      g[y * w + x] = (grey[i] + grey[i + 1] + grey[i + width] + grey[i + width + 1]) / 4;
    }
    let s = 0, s2 = 0, n = 0;
    for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const l = g[i - w] + g[i + w] + g[i - 1] + g[i + 1] - 4 * g[i];
      s += l; s2 += l * l; n++;
    }
    return s2 / n - (s / n) ** 2;
  };
  await new Promise((done) => {
    const onFrame = (_now, meta) => {
      if (start === null) start = meta.mediaTime;
      const t = meta.mediaTime - start;
      ctx.drawImage(video, 0, 0, width, height);
      frames++;
      if (frames % 3 === 1) {
        const d = ctx.getImageData(0, 0, width, height).data;
        const grey = luma(d);
        let r = 0, g = 0, b = 0, green = 0, sum = 0, sum2 = 0, diff = 0;
        for (let i = 0, p = 0; i < d.length; i += 4, p++) {
          r += d[i]; g += d[i + 1]; b += d[i + 2];
          if (d[i + 1] > 100 && d[i] < 60 && d[i + 2] < 60) green++;
          sum += grey[p]; sum2 += grey[p] * grey[p];
        }
        const n = grey.length;
        if (previous) for (let p = 0; p < n; p++) diff += Math.abs(grey[p] - previous[p]);
        stats.push({ mean: [r / n, g / n, b / n], lumaStd: Math.sqrt(sum2 / n - (sum / n) ** 2), greenShare: green / n,
          frameDiff: previous ? diff / n : -1, sharpness: sharpness(grey) });
        previous = null;
      } else if (frames % 3 === 0) {
        // Keep the frame before a stats frame: frameDiff compares two consecutive frames.
        previous = luma(ctx.getImageData(0, 0, width, height).data);
      }
      if (finder) {
        const ts = Math.max(lastTs + 1, Math.round(performance.now()));
        lastTs = ts;
        const result = finder.detectForVideo(canvas, ts);
        samples.push({ t, faces: result.faceLandmarks.map((lm, f) => ({
          points: indices.flatMap((i) => [lm[i].x, lm[i].y, lm[i].z]),
          matrix: result.facialTransformationMatrixes?.[f] ? Array.from(result.facialTransformationMatrixes[f].data) : null,
        })) });
      }
      if (t < seconds) video.requestVideoFrameCallback(onFrame);
      else done();
    };
    video.requestVideoFrameCallback(onFrame);
  });
  stream.getTracks().forEach((track) => track.stop());
  finder?.close();
  return { width, height, frames, stats, samples };
};
window.ready = true;
`;

/** `seconds` of the clip; `detect`: run the landmarker on every frame (needs public/models). */
export async function capture(path: string, seconds: number, detect: boolean): Promise<Capture> {
  const server = await serveLandmarkerPage({
    '/': { type: 'text/html', body: '<!doctype html><script type="module" src="/check.mjs"></script>' },
    '/check.mjs': { type: 'text/javascript', body: PAGE_JS },
  });
  const browser = await launchHeadless(path);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    return await page.evaluate(
      ([s, d, i]) => (window as unknown as { capture: (s: number, d: boolean, i: readonly number[]) => Promise<Capture> }).capture(s, d, i),
      [seconds, detect, MEASURED_LANDMARKS] as const,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}
