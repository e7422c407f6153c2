#!/usr/bin/env node
// Turns a still image into a fake-camera feed for Chromium
// (--use-file-for-fake-video-capture=<file>): scaled to fit, padded with black to exactly
// width x height, several frames with a little temporal sensor noise (and optional hand-held
// drift). A ONE-frame MJPEG plays as a plain green picture in Chromium, and a real camera never
// repeats a frame bit for bit, so every feed has `frames` frames (30 fps, looped). Make the feed
// at the size the app asks for, or open the camera without size constraints: when Chromium has
// to rescale the fake frames, headless WebGL uploads of the <video> read the wrong region.
//
// The journeys' own feeds are made in TypeScript (feed() in camera.ts: seeded noise, hand
// motion, mesh-warped faces); this stays as a quick CLI and for the dev scripts in scripts/.
//
//   node e2e/support/make-camera-feed.mjs <input image> <output .mjpeg|.y4m> [640x480]
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

/**
 * Writes `output` (format from its extension: .mjpeg, default, or .y4m) and resolves with its
 * absolute path, ready for --use-file-for-fake-video-capture.
 * - `frames`: clip length at 30 fps (default 60: 2 s, looped by Chromium).
 * - `noise`: strength of ffmpeg's temporal noise (0 = none; 4 is a quiet phone sensor in good light).
 * - `driftPx`: amplitude of a slow hand-held sway, px (0 = on a tripod).
 * Noise is seeded (ffmpeg's noise filter is deterministic), so the same inputs give the same file.
 */
export async function makeCameraFeed(input, output, { width = 640, height = 480, frames = 60, noise = 4, driftPx = 0 } = {}) {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2 || width % 2 || height % 2) {
    // 4:2:0 chroma needs even sizes.
    throw new RangeError(`feed size must be even integers ≥ 2, got ${width}x${height}`);
  }
  if (!Number.isInteger(frames) || frames < 2) throw new RangeError(`a feed needs at least 2 frames, got ${frames}`);
  const out = resolve(output);
  await mkdir(dirname(out), { recursive: true });
  const y4m = extname(out).toLowerCase() === '.y4m';
  const pad = Math.ceil(driftPx);
  const filter = [
    `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
    `pad=${width + 2 * pad}:${height + 2 * pad}:(ow-iw)/2:(oh-ih)/2:color=black`,
    // A slow sway (period 2 s horizontally, 3 s vertically) of at most driftPx each way.
    ...(pad ? [`crop=${width}:${height}:'${pad}+${driftPx}*sin(2*PI*t/2)':'${pad}+${driftPx}*sin(2*PI*t/3)'`] : []),
    ...(noise > 0 ? [`noise=c0s=${noise}:c0f=t+u`] : []),
    'setsar=1',
    `format=${y4m ? 'yuv420p' : 'yuvj420p'}`,
  ].join(',');
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', '30', '-i', resolve(input),
    '-vf', filter, '-frames:v', String(frames)];
  if (y4m) args.push('-f', 'yuv4mpegpipe', out);
  else args.push('-q:v', '3', '-f', 'mjpeg', out);
  await run(FFMPEG, args);
  return out;
}

function parseSize(text) {
  const m = /^(\d+)x(\d+)$/.exec(text ?? '');
  if (!m) throw new Error(`size must look like 640x480, got ${JSON.stringify(text)}`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [input, output, size = '640x480'] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: make-camera-feed.mjs <input image> <output .mjpeg|.y4m> [WIDTHxHEIGHT]');
    process.exit(2);
  }
  makeCameraFeed(input, output, parseSize(size)).then(
    (out) => console.log(out),
    (err) => {
      console.error(err.stderr || err.message);
      process.exit(1);
    },
  );
}
