// The document's picture at the sensor's full resolution where the browser can take one
// (ImageCapture.takePhoto(): Chrome for Android, most desktop Chromium cameras), cropped to the
// document instead of scaled down whole to the upload limit: a phone's 12 MP still holds the
// card's portrait at ~2.5× the pixels of a 1080p video frame. Everywhere else, and whenever the
// still is no better or fails, the video frame stands (encode-image's encodeVideoFrame).
import type { NormRect } from '../../vision/document/types';
import { canvasToJpeg, SIZE_LIMITS, type EncodedImage } from './encode-image';

/** Longest wait for takePhoto(), ms: some cameras refocus or re-expose for a still first. */
export const STILL_TIMEOUT_MS = 2500;
/** Margin kept around the guide, as a share of its size on each side: the card may overhang it a little. */
export const STILL_MARGIN = 0.12;

export interface PixelRect { x: number; y: number; width: number; height: number }

/**
 * Where a region of the video frame lies in the still, px. The video is the sensor's picture
 * cropped to its own aspect around the centre (what cameras deliver for a 16:9 stream from a
 * 4:3 sensor), then scaled. Null when the two are held differently (a landscape still of a
 * portrait stream: the device rotated one and not the other), where nothing can be mapped.
 */
export function regionInStill(video: { width: number; height: number }, still: { width: number; height: number }, region: NormRect, margin = STILL_MARGIN): PixelRect | null {
  if (!(video.width > 0 && video.height > 0 && still.width > 0 && still.height > 0)) return null;
  if ((video.width > video.height) !== (still.width > still.height) && video.width !== video.height && still.width !== still.height) return null;
  const videoAspect = video.width / video.height;
  // The part of the still the video shows.
  const view = still.width / still.height > videoAspect
    ? { width: still.height * videoAspect, height: still.height }
    : { width: still.width, height: still.width / videoAspect };
  const left = (still.width - view.width) / 2;
  const top = (still.height - view.height) / 2;
  const mx = region.width * margin;
  const my = region.height * margin;
  const x0 = Math.max(0, left + (region.x - mx) * view.width);
  const y0 = Math.max(0, top + (region.y - my) * view.height);
  const x1 = Math.min(still.width, left + (region.x + region.width + mx) * view.width);
  const y1 = Math.min(still.height, top + (region.y + region.height + my) * view.height);
  if (x1 - x0 < 16 || y1 - y0 < 16) return null;
  return { x: Math.round(x0), y: Math.round(y0), width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}

/** Whether the still is worth more than the frame: more of the document's pixels, not just a bigger picture. */
export function stillIsBetter(videoRegionPx: number, stillRegion: PixelRect): boolean {
  // 1.3×: the crop must beat the frame's own pixels of the same region clearly, or the frame
  // (already in hand, no shutter lag) is kept.
  return Math.max(stillRegion.width, stillRegion.height) >= 1.3 * videoRegionPx;
}

interface ImageCaptureLike {
  takePhoto(settings?: { fillLightMode?: string }): Promise<Blob>;
  getPhotoCapabilities?(): Promise<{ fillLightMode?: string[] }>;
}
type ImageCaptureCtor = new (track: MediaStreamTrack) => ImageCaptureLike;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([p.catch(() => null), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/**
 * The still of the video's camera cropped to `region` (the guide, in the frame's normalised
 * coordinates) plus `margin` of its size on each side, at most the document's upload size. Null when the browser has no
 * ImageCapture, the track is not a camera's (a canvas stream), takePhoto fails or is slow, or
 * the still holds the document in no more pixels than the frame. Never throws.
 */
export async function takeDocumentStill(video: HTMLVideoElement, region: NormRect, margin = STILL_MARGIN): Promise<EncodedImage | null> {
  const Ctor = (globalThis as { ImageCapture?: ImageCaptureCtor }).ImageCapture;
  const stream = video.srcObject;
  const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
  if (!Ctor || !track || track.readyState !== 'live' || typeof createImageBitmap !== 'function') return null;
  const frame = { width: video.videoWidth, height: video.videoHeight };
  try {
    const camera = new Ctor(track);
    // A still may fire the flash in dim light (fillLightMode 'auto' by default on Android), which
    // puts glare on a laminated card: off wherever the camera lets us say so.
    const capabilities = await withTimeout(camera.getPhotoCapabilities?.() ?? Promise.resolve(null), STILL_TIMEOUT_MS);
    const settings = capabilities?.fillLightMode?.includes('off') ? { fillLightMode: 'off' } : undefined;
    const blob = await withTimeout(camera.takePhoto(settings), STILL_TIMEOUT_MS);
    if (!blob) return null;
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    try {
      const crop = regionInStill(frame, bitmap, region, margin);
      const framePx = Math.min(Math.max(frame.width, frame.height), Math.max(region.width * frame.width, region.height * frame.height) * (1 + 2 * margin));
      if (!crop || !stillIsBetter(framePx, crop)) return null;
      const scale = Math.min(1, SIZE_LIMITS.document.max / Math.max(crop.width, crop.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(crop.width * scale));
      canvas.height = Math.max(1, Math.round(crop.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
      const jpeg = await canvasToJpeg(canvas);
      return { blob: jpeg, width: canvas.width, height: canvas.height, belowMinimum: Math.max(canvas.width, canvas.height) < SIZE_LIMITS.document.min };
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}
