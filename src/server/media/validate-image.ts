import sharp, { type Metadata } from 'sharp';
import { MEDIA_MAX_PIXELS } from '../../contract/hosted-individual';
import { sniffImageType, type AcceptedImageType } from './image-type';

export type ImageRejection =
  /** Not JPEG, PNG or WebP by its magic bytes (whatever Content-Type said). */
  | { ok: false; code: 'unsupported_media_type'; detail: string }
  /** More pixels than we decode (decompression-bomb guard). */
  | { ok: false; code: 'media_too_large'; detail: string }
  /** Claims to be an accepted type but cannot be read (corrupt, truncated, zero-sized). */
  | { ok: false; code: 'invalid_media'; detail: string };

export type ValidatedImage = { ok: true; type: AcceptedImageType; width: number; height: number };

/**
 * Checks what the bytes are and how big the image claims to be, reading headers only (no pixel
 * decoding yet): the pixel limit is enforced before any large allocation.
 */
export async function validateImage(bytes: Buffer, maxPixels = MEDIA_MAX_PIXELS): Promise<ValidatedImage | ImageRejection> {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, code: 'unsupported_media_type', detail: 'Only JPEG, PNG and WebP images are accepted' };
  let meta: Metadata;
  try {
    // limitInputPixels: false here so we can report the size ourselves; the decode keeps the limit.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, code: 'invalid_media', detail: 'The image cannot be read' };
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) return { ok: false, code: 'invalid_media', detail: 'The image has no pixels' };
  if (width * height > maxPixels) {
    return { ok: false, code: 'media_too_large', detail: `The image has more than ${maxPixels} pixels` };
  }
  // The container format must match the sniffed type (e.g. no PNG header around other data).
  const format = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : meta.format === 'webp' ? 'image/webp' : null;
  if (format !== type) return { ok: false, code: 'unsupported_media_type', detail: 'Only JPEG, PNG and WebP images are accepted' };
  return { ok: true, type, width, height };
}
