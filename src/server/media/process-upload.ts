import { availableParallelism } from 'node:os';
import { MEDIA_MAX_PIXELS } from '../../contract/hosted-individual';
import { Limiter } from './limiter';
import { reencodeImage, type ReencodedImage } from './reencode';
import { validateImage, type ImageRejection } from './validate-image';

/** Decodes at once per process: one per core, at least 2 (sharp itself uses a thread pool). */
const decodeLimiter = new Limiter(Math.max(2, availableParallelism()));

/**
 * The whole server-side treatment of an uploaded capture: type by magic bytes, pixel limit,
 * full decode and re-encode to a clean JPEG. The caller has already bounded the byte size.
 */
export async function processUpload(bytes: Buffer, maxPixels = MEDIA_MAX_PIXELS): Promise<({ ok: true } & ReencodedImage) | ImageRejection> {
  const checked = await validateImage(bytes, maxPixels);
  if (!checked.ok) return checked;
  try {
    return { ok: true, ...(await decodeLimiter.run(() => reencodeImage(bytes, maxPixels))) };
  } catch {
    return { ok: false, code: 'invalid_media', detail: 'The image is damaged or incomplete' };
  }
}
