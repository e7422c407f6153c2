import { spawn } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { RgbImage } from '../../test-support/images/rgb-image';

export const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
/** Chromium plays a fake-camera MJPEG at a fixed 30 fps whatever the file says. */
export const FEED_FPS = 30;

/**
 * Encodes `count` RGB frames (made one at a time by `frame(i)`, so a long clip never sits in
 * memory) into a multi-frame MJPEG that Chromium's fake camera plays and loops
 * (--use-file-for-fake-video-capture). 4:2:0 full-range JPEGs (`yuvj420p`): Chromium shows a
 * plain green picture for what it cannot play. Written to `<out>.part` and renamed, so an
 * interrupted run never leaves a half clip that a cache would take for a whole one.
 */
export async function writeMjpeg(
  out: string,
  size: { width: number; height: number },
  count: number,
  frame: (index: number) => RgbImage | Promise<RgbImage>,
  { quality = 3 }: { quality?: number } = {},
): Promise<string> {
  if (!Number.isInteger(count) || count < 2) throw new RangeError(`a feed needs at least 2 frames (one plays as green), got ${count}`);
  if (size.width % 2 || size.height % 2) throw new RangeError(`4:2:0 needs even sizes, got ${size.width}x${size.height}`);
  const target = resolve(out);
  const partial = `${target}.part`;
  mkdirSync(dirname(target), { recursive: true });
  const ffmpeg = spawn(FFMPEG, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${size.width}x${size.height}`, '-r', String(FEED_FPS), '-i', 'pipe:0',
    // `quality`: ffmpeg's JPEG qscale, 2 (best) … 31; 3 keeps the noise and fine print.
    '-pix_fmt', 'yuvj420p', '-q:v', String(quality), '-f', 'mjpeg', partial,
  ], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((ok, fail) => {
    ffmpeg.on('error', fail);
    ffmpeg.on('close', (code) => (code === 0 ? ok() : fail(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
  });
  // A broken pipe shows up as ffmpeg's own exit error; keep it from crashing the process.
  ffmpeg.stdin.on('error', () => undefined);
  try {
    for (let i = 0; i < count; i++) {
      const image = await frame(i);
      if (image.width !== size.width || image.height !== size.height) {
        throw new RangeError(`frame ${i} is ${image.width}x${image.height}, the feed ${size.width}x${size.height}`);
      }
      // A copy: the stream keeps the chunk until flushed, and callers may reuse their buffer.
      if (!ffmpeg.stdin.write(Buffer.from(image.data))) await new Promise((ok) => ffmpeg.stdin.once('drain', ok));
    }
  } catch (error) {
    ffmpeg.kill();
    exited.catch(() => undefined);
    throw error;
  } finally {
    ffmpeg.stdin.end();
  }
  await exited;
  renameSync(partial, target);
  return target;
}
