// Re-encodes captures and picked files to JPEG through a canvas. Going through a canvas also
// drops EXIF (location, device), so nothing but pixels leaves the phone.
import { drawVideoFrame, get2dContext } from './video-frame';

export type ImageKind = 'document' | 'selfie';

/** Long-edge limits, px. */
export const SIZE_LIMITS: Record<ImageKind, { min: number; max: number }> = {
  // Enough to read the smallest print and the MRZ; more only costs upload time.
  document: { min: 1600, max: 2400 },
  // Face matching works on ~300 px faces; 720–1080 px frames carry that comfortably.
  selfie: { min: 720, max: 1080 },
};

export const JPEG_QUALITY = 0.9;

export interface TargetSize {
  width: number;
  height: number;
  /** Source long edge is under the kind's minimum: kept as is (never upscaled). */
  belowMinimum: boolean;
}

/** Downscale so the long edge is at most the kind's maximum; never upscale. */
export function targetSize(sourceWidth: number, sourceHeight: number, kind: ImageKind): TargetSize {
  if (!(sourceWidth > 0 && sourceHeight > 0)) throw new RangeError('image has no pixels');
  const { min, max } = SIZE_LIMITS[kind];
  const longEdge = Math.max(sourceWidth, sourceHeight);
  const scale = Math.min(1, max / longEdge);
  return {
    width: Math.max(1, Math.round(sourceWidth * scale)),
    height: Math.max(1, Math.round(sourceHeight * scale)),
    belowMinimum: longEdge < min,
  };
}

export interface EncodedImage {
  blob: Blob;
  width: number;
  height: number;
  belowMinimum: boolean;
}

export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

export function canvasToJpeg(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  quality = JPEG_QUALITY,
): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas could not be encoded'))),
      'image/jpeg',
      quality,
    );
  });
}

function newCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encodeSource(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
  kind: ImageKind,
): Promise<EncodedImage> {
  const size = targetSize(sourceWidth, sourceHeight, kind);
  const canvas = newCanvas(size.width, size.height);
  const ctx = get2dContext(canvas);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, size.width, size.height);
  const blob = await canvasToJpeg(canvas);
  return { blob, ...size };
}

/** The current video frame at camera resolution, capped by the kind's maximum. */
export async function encodeVideoFrame(video: HTMLVideoElement, kind: ImageKind): Promise<EncodedImage> {
  const canvas = document.createElement('canvas');
  if (!drawVideoFrame(video, canvas, SIZE_LIMITS[kind].max)) throw new Error('no video frame to capture');
  const { belowMinimum } = targetSize(video.videoWidth, video.videoHeight, kind);
  const blob = await canvasToJpeg(canvas);
  return { blob, width: canvas.width, height: canvas.height, belowMinimum };
}

function decodeWithImageElement(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ImageDecodeError('the file is not an image this browser can read'));
    };
    img.src = url;
  });
}

/**
 * A picked photo, upright: `imageOrientation: 'from-image'` applies the EXIF rotation before
 * the EXIF block is dropped. Browsers without createImageBitmap options fall back to <img>,
 * which also honours EXIF orientation by default.
 */
export async function encodeImageFile(file: Blob, kind: ImageKind): Promise<EncodedImage> {
  let bitmap: ImageBitmap | null = null;
  if (typeof createImageBitmap === 'function') {
    try {
      bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      bitmap = null;
    }
  }
  if (bitmap) {
    try {
      return await encodeSource(bitmap, bitmap.width, bitmap.height, kind);
    } finally {
      bitmap.close();
    }
  }
  const img = await decodeWithImageElement(file);
  return encodeSource(img, img.naturalWidth, img.naturalHeight, kind);
}
