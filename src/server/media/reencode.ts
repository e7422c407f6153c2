import sharp from 'sharp';
import { MEDIA_MAX_PIXELS } from '../../contract/hosted-individual';

/** Long edge of stored images (px): enough to read a document, bounded storage per session. */
export const STORED_MAX_EDGE = 3000;
/** JPEG quality of stored images (libjpeg scale 1–100). */
export const STORED_JPEG_QUALITY = 90;

export interface ReencodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the upload fully and writes a fresh JPEG: EXIF orientation applied to the pixels
 * (`rotate()`), transparency flattened on white, long edge capped at STORED_MAX_EDGE, sRGB, and
 * no metadata at all (sharp writes none unless asked: no EXIF, GPS, XMP or ICC leaves the server).
 * Throws on corrupt or truncated input (`failOn: 'error'`) and past the pixel limit.
 */
export async function reencodeImage(bytes: Buffer, maxPixels = MEDIA_MAX_PIXELS): Promise<ReencodedImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: STORED_MAX_EDGE, height: STORED_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    // mozjpeg off: its trellis quantisation costs several times the CPU for a few % of bytes.
    .jpeg({ quality: STORED_JPEG_QUALITY, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
