// Runs the screen-light part of a try: the page shows each colour of the challenge in turn (the
// `show` callback paints it over the whole screen), and once the camera has caught up, one frame
// is taken per colour: its face region's mean colour is measured and the frame is kept as
// evidence (label `light`) for the service's own re-check. 4 × 400 ms = 1.6 s on every phone.
import type { OvalGuide } from '../../vision/face/face-guidance';
import { judgeScreenLight, type ScreenLightJudgement } from '../../vision/liveness/screen-light-judge';
import { canvasToJpeg } from '../capture/encode-image';
import { drawVideoFrame, get2dContext } from '../capture/video-frame';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LightCapture {
  region: Region;
  samples: { colour: string; atMs: number; rgb: [number, number, number] }[];
  frames: { atMs: number; blob: Blob }[];
  judgement: ScreenLightJudgement;
}

/** Share of each step waited before the frame is taken (camera latency and exposure settle). */
export const SETTLE_SHARE = 0.6;
/** Long edge of the evidence frames, px (as the analysed frames). */
const FRAME_LONG_EDGE = 640;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The middle of the face inside the selfie oval (cheeks, nose, forehead), in frame shares. */
export function faceRegion(oval: OvalGuide): Region {
  const width = Math.max(0.05, Math.min(1, oval.width * 0.6));
  const height = Math.max(0.05, Math.min(1, oval.height * 0.6));
  return { x: clamp01(oval.cx - width / 2), y: clamp01(oval.cy - height / 2), width, height };
}

/** Mean colour of `region` of an RGBA image, 0..255 per channel. */
export function meanOf(data: Uint8ClampedArray): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  const n = data.length / 4 || 1;
  for (let i = 0; i < data.length; i += 4) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  return [r / n, g / n, b / n];
}

export interface ScreenLightDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function runScreenLight(
  video: HTMLVideoElement,
  colours: readonly string[],
  stepMs: number,
  show: (colour: string | null) => void,
  region: Region,
  deps: ScreenLightDeps = {},
): Promise<LightCapture> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? (() => performance.now());
  const canvas = document.createElement('canvas');
  const started = now();
  const samples: LightCapture['samples'] = [];
  const frames: LightCapture['frames'] = [];
  try {
    for (const colour of colours) {
      show(colour);
      const stepStart = now();
      await sleep(stepMs * SETTLE_SHARE);
      if (drawVideoFrame(video, canvas, FRAME_LONG_EDGE, true)) {
        const atMs = Math.max(0, Math.round(now() - started));
        const x = Math.floor(region.x * canvas.width);
        const y = Math.floor(region.y * canvas.height);
        const w = Math.max(1, Math.floor(region.width * canvas.width));
        const h = Math.max(1, Math.floor(region.height * canvas.height));
        const rgb = meanOf(get2dContext(canvas, true).getImageData(x, y, w, h).data);
        samples.push({ colour, atMs, rgb });
        frames.push({ atMs, blob: await canvasToJpeg(canvas) });
      }
      await sleep(Math.max(0, stepMs - (now() - stepStart)));
    }
  } finally {
    show(null);
  }
  return { region, samples, frames, judgement: judgeScreenLight(samples) };
}
