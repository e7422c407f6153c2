// Reads the multipart liveness upload (`result` JSON, `selfie` file, `frames` files) under its
// size limits and checks every image's header (type, declared dimensions) without decoding it;
// decodeLivenessUpload then turns each into a clean re-encoded JPEG. Stores nothing.
// Callers check the session and the challenge in between, so a refused answer decodes nothing.
import { LIVENESS_FRAME_MAX_BYTES } from '../../contract/liveness-session';
import { livenessResultSchema, type LivenessResult } from '../../contract/liveness';
import { digestOf } from '../../vision/liveness/evidence-chain';
import { decodeChecked } from '../media/process-upload';
import { validateImage } from '../media/validate-image';
import { readLivenessMultipart } from './read-multipart';

/**
 * Pixels a liveness image may declare: a 4K camera frame (8.3 MP) or a 12 MP phone selfie,
 * well under the 40 MP of a document photo. Larger is refused from the header alone.
 */
export const LIVENESS_IMAGE_MAX_PIXELS = 12_000_000;

export type LivenessUploadError =
  | { code: 'media_too_large'; detail: string }
  | { code: 'invalid_body'; detail: string }
  | { code: 'invalid_media' | 'unsupported_media_type'; detail: string };

export interface LivenessUpload {
  result: LivenessResult;
  selfie: Buffer;
  /** Re-encoded evidence frames, in `result.frames` order. */
  frames: Buffer[];
  /** SHA-256 of each frame as received (before re-encoding): what the evidence chain covers. */
  digests: Uint8Array[];
}

/** As sent (not decoded yet), headers checked. */
export type CheckedLivenessUpload = LivenessUpload;
type Refusal = { ok: false } & LivenessUploadError;

async function fileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  return value && typeof value !== 'string' ? Buffer.from(await value.arrayBuffer()) : null;
}

export async function readLivenessUpload(req: Request): Promise<{ ok: true; upload: CheckedLivenessUpload } | Refusal> {
  const read = await readLivenessMultipart(req, 'result, selfie and frames');
  if (!read.ok) return read;
  const { form } = read;
  let json: unknown;
  try {
    const raw = form.get('result');
    json = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch { /* reported below */ }
  const parsed = livenessResultSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, code: 'invalid_body', detail: parsed.error.issues.map((i) => `result.${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  const selfie = await fileBytes(form.get('selfie'));
  if (!selfie) return { ok: false, code: 'invalid_body', detail: 'selfie: a file is required' };
  const frameFiles = form.getAll('frames');
  if (frameFiles.length !== parsed.data.frames.length) {
    return { ok: false, code: 'invalid_body', detail: `frames: ${parsed.data.frames.length} files announced in result.frames, ${frameFiles.length} sent` };
  }
  const frames: Buffer[] = [];
  for (const f of frameFiles) {
    const bytes = await fileBytes(f);
    if (!bytes) return { ok: false, code: 'invalid_body', detail: 'frames: every entry must be a file' };
    if (bytes.length > LIVENESS_FRAME_MAX_BYTES) return { ok: false, code: 'media_too_large', detail: `A frame is over ${LIVENESS_FRAME_MAX_BYTES} bytes` };
    frames.push(bytes);
  }
  // Headers only (type, declared width x height): nothing is decoded yet.
  for (const bytes of [selfie, ...frames]) {
    const checked = await validateImage(bytes, LIVENESS_IMAGE_MAX_PIXELS);
    if (!checked.ok) return { ok: false, code: checked.code, detail: checked.detail };
  }
  // Hashed as received, before any re-encoding: what the evidence chain covers (no decode).
  const digests = await Promise.all(frames.map((b) => digestOf(new Uint8Array(b))));
  return { ok: true, upload: { result: parsed.data, selfie, frames, digests } };
}

/** Decodes and re-encodes the checked images (bounded per process by the decode queue). */
export async function decodeLivenessUpload(checked: CheckedLivenessUpload): Promise<{ ok: true; upload: LivenessUpload } | Refusal> {
  const images = await Promise.all([checked.selfie, ...checked.frames].map((b) => decodeChecked(b, LIVENESS_IMAGE_MAX_PIXELS)));
  const refused = images.find((i) => !i.ok);
  if (refused && !refused.ok) return { ok: false, code: refused.code, detail: refused.detail };
  const clean = images.map((i) => (i.ok ? i.bytes : Buffer.alloc(0)));
  return { ok: true, upload: { result: checked.result, selfie: clean[0]!, frames: clean.slice(1), digests: checked.digests } };
}
