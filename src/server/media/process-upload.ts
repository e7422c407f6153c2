import { availableParallelism } from 'node:os';
import { MEDIA_MAX_PIXELS } from '../../contract/hosted-individual';
import { Limiter } from './limiter';
import { reencodeImage, type ReencodedImage } from './reencode';
import { validateImage, type ImageRejection } from './validate-image';

/**
 * Full decodes at once per process: 2, or 1 on a single core (sharp's own thread pool already
 * spreads one decode over the cores; more at once only multiplies memory, up to ~160 MB each
 * for a MEDIA_MAX_PIXELS image). A burst of uploads queues here, first come first served.
 */
const decodeLimiter = new Limiter(Math.min(2, availableParallelism()));
let decodes = 0;
let active = 0;

/** Decodes started in total, running now and waiting in this process (for tests and metrics). */
export function decodeStats(): { decodes: number; active: number; waiting: number } {
  return { decodes, active, waiting: decodeLimiter.pending };
}

/** Decodes and re-encodes an image whose header was already checked (validateImage). */
export async function decodeChecked(bytes: Buffer, maxPixels = MEDIA_MAX_PIXELS): Promise<({ ok: true } & ReencodedImage) | ImageRejection> {
  try {
    return { ok: true, ...(await decodeLimiter.run(async () => {
      decodes += 1;
      active += 1;
      try {
        return await reencodeImage(bytes, maxPixels);
      } finally {
        active -= 1;
      }
    })) };
  } catch {
    return { ok: false, code: 'invalid_media', detail: 'The image is damaged or incomplete' };
  }
}

/**
 * The whole server-side treatment of an uploaded capture: type by magic bytes, pixel limit
 * (from the header, no decode), then full decode and re-encode to a clean JPEG. The caller has
 * already bounded the byte size.
 */
export async function processUpload(bytes: Buffer, maxPixels = MEDIA_MAX_PIXELS): Promise<({ ok: true } & ReencodedImage) | ImageRejection> {
  const checked = await validateImage(bytes, maxPixels);
  if (!checked.ok) return checked;
  return decodeChecked(bytes, maxPixels);
}
