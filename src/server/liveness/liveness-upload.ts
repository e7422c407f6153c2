// Reads the multipart liveness upload (`result` JSON, `selfie` file, `frames` files) under its
// size limits and turns every image into a clean re-encoded JPEG. Stores nothing.
import { LIVENESS_FRAME_MAX_BYTES } from '../../contract/liveness-session';
import { livenessResultSchema, type LivenessResult } from '../../contract/liveness';
import { digestOf } from '../../vision/liveness/evidence-chain';
import { processUpload } from '../media/process-upload';
import { readLivenessMultipart } from './read-multipart';

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

async function fileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  return value && typeof value !== 'string' ? Buffer.from(await value.arrayBuffer()) : null;
}

export async function readLivenessUpload(req: Request): Promise<{ ok: true; upload: LivenessUpload } | ({ ok: false } & LivenessUploadError)> {
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
  const raws: Buffer[] = [];
  for (const f of frameFiles) {
    const bytes = await fileBytes(f);
    if (!bytes) return { ok: false, code: 'invalid_body', detail: 'frames: every entry must be a file' };
    if (bytes.length > LIVENESS_FRAME_MAX_BYTES) return { ok: false, code: 'media_too_large', detail: `A frame is over ${LIVENESS_FRAME_MAX_BYTES} bytes` };
    raws.push(bytes);
  }
  const images = await Promise.all([selfie, ...raws].map((b) => processUpload(b)));
  const refused = images.find((i) => !i.ok);
  if (refused && !refused.ok) return { ok: false, code: refused.code === 'media_too_large' ? 'media_too_large' : refused.code, detail: refused.detail };
  const clean = images.map((i) => (i.ok ? i.bytes : Buffer.alloc(0)));
  const digests = await Promise.all(raws.map((b) => digestOf(new Uint8Array(b))));
  return { ok: true, upload: { result: parsed.data, selfie: clean[0]!, frames: clean.slice(1), digests } };
}
