import { MEDIA_MAX_PIXELS } from '../../contract/hosted-individual';
import { reencodeImage, type ReencodedImage } from './reencode';
import { validateImage, type ImageRejection } from './validate-image';

/**
 * The whole server-side treatment of an uploaded capture: type by magic bytes, pixel limit,
 * full decode and re-encode to a clean JPEG. The caller has already bounded the byte size.
 */
export async function processUpload(bytes: Buffer, maxPixels = MEDIA_MAX_PIXELS): Promise<({ ok: true } & ReencodedImage) | ImageRejection> {
  const checked = await validateImage(bytes, maxPixels);
  if (!checked.ok) return checked;
  try {
    return { ok: true, ...(await reencodeImage(bytes, maxPixels)) };
  } catch {
    return { ok: false, code: 'invalid_media', detail: 'The image is damaged or incomplete' };
  }
}
