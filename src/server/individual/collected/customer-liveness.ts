// Liveness frames a customer's own app captured (server-to-server). No challenge of ours was
// shown, so the frames' labels say what each shows; the service checks them as it checks the
// hosted evidence: frames that barely differ fail now, and the decision pipeline looks again
// (head turned, eyes closed, the selfie's person) before any live session is approved.
import { z } from 'zod';
import { LIVENESS_FRAME_MAX_BYTES, LIVENESS_MAX_FRAMES } from '../../../contract/liveness-session';
import { livenessFrameLabelSchema } from '../../../contract/liveness';
import type { HostedErrorCode } from '../../../contract/hosted-individual';
import type { AppContext } from '../../context';
import { captureBlocker } from '../flow';
import type { VerificationRow } from '../record';
import { lockVerification, updateVerification } from '../store';
import { evidenceKey } from '../liveness';
import { evidenceShowsMotion } from '../../liveness/evidence-check';
import { readLivenessMultipart } from '../../liveness/read-multipart';
import { emptyLiveness, livenessOfRow, type StoredLiveness } from '../../liveness/liveness-state';
import { discardMedia } from '../../media/discard';
import { decodeChecked } from '../../media/process-upload';
import { validateImage } from '../../media/validate-image';
import { LIVENESS_IMAGE_MAX_PIXELS } from '../../liveness/liveness-upload';

/** `labels`: one per file in `frames`, same order; the first is the neutral (frontal) frame. */
export const customerFrameLabelsSchema = z.array(livenessFrameLabelSchema).min(2).max(LIVENESS_MAX_FRAMES)
  .refine((l) => l[0] === 'neutral', { message: 'the first frame must be labelled neutral' })
  .refine((l) => l.some((x) => x === 'turn-left' || x === 'turn-right' || x === 'blink'), { message: 'at least one frame must show an action: turn-left, turn-right or blink' });

type Fail = { ok: false; code: HostedErrorCode; detail?: string };
type Ctx = Pick<AppContext, 'db' | 'clock' | 'storage' | 'logger'>;

async function readFrames(req: Request): Promise<{ ok: true; labels: z.infer<typeof customerFrameLabelsSchema>; frames: Buffer[] } | Fail> {
  const read = await readLivenessMultipart(req, 'labels and frames');
  if (!read.ok) return read;
  const { form } = read;
  let json: unknown;
  try {
    const raw = form.get('labels');
    json = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch { /* reported below */ }
  const labels = customerFrameLabelsSchema.safeParse(json);
  if (!labels.success) return { ok: false, code: 'invalid_body', detail: labels.error.issues.map((i) => `labels${i.path.length ? `.${i.path.join('.')}` : ''}: ${i.message}`).join('; ') };
  const files = form.getAll('frames');
  if (files.length !== labels.data.length) return { ok: false, code: 'invalid_body', detail: `frames: ${labels.data.length} labels, ${files.length} files` };
  const raws: Buffer[] = [];
  for (const f of files) {
    if (typeof f === 'string') return { ok: false, code: 'invalid_body', detail: 'frames: every entry must be a file' };
    const bytes = Buffer.from(await f.arrayBuffer());
    if (bytes.length > LIVENESS_FRAME_MAX_BYTES) return { ok: false, code: 'media_too_large', detail: `A frame is over ${LIVENESS_FRAME_MAX_BYTES} bytes` };
    // Header only (type, declared dimensions): every frame passes before any is decoded.
    const checked = await validateImage(bytes, LIVENESS_IMAGE_MAX_PIXELS);
    if (!checked.ok) return { ok: false, code: checked.code, detail: checked.detail };
    raws.push(bytes);
  }
  const frames: Buffer[] = [];
  for (const bytes of raws) {
    const image = await decodeChecked(bytes, LIVENESS_IMAGE_MAX_PIXELS);
    if (!image.ok) return { ok: false, code: image.code, detail: image.detail };
    frames.push(image.bytes);
  }
  return { ok: true, labels: labels.data, frames };
}

/** Stores the frames as the session's liveness evidence (replacing any earlier ones). */
export async function acceptCustomerFrames(ctx: Ctx, req: Request, row: VerificationRow): Promise<{ ok: true; row: VerificationRow } | Fail> {
  const id = row.id;
  // Refused before reading or decoding anything when the session takes no capture (checked again under the lock).
  const early = captureBlocker(row);
  if (early) return { ok: false, code: early };
  const read = await readFrames(req);
  if (!read.ok) return read;
  const motion = await evidenceShowsMotion(read.frames);
  const evidence = read.labels.map((label, i) => ({ label, key: evidenceKey(id, label), bytes: read.frames[i]! }));
  await Promise.all(evidence.map((e) => ctx.storage.put(e.key, e.bytes)));
  const res = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockVerification(tx, id, now);
    if (!row) return { ok: false as const, code: 'not_found' as const };
    const blocked = captureBlocker(row);
    if (blocked) return { ok: false as const, code: blocked };
    const before = livenessOfRow(row.liveness);
    const state: StoredLiveness = {
      ...emptyLiveness(), method: 'customer_frames', outcome: motion.passed ? 'passed' : 'failed',
      reason: motion.passed ? '' : 'no_motion', completedAt: now.toISOString(),
      evidence: evidence.map(({ label, key }) => ({ label, key })), checks: { device: '', server: motion.passed ? 'passed' : 'failed' },
    };
    const next = await updateVerification(tx, id, { liveness: state as unknown as Record<string, unknown>, updatedAt: now });
    return { ok: true as const, row: next, discard: before.evidence.map((e) => e.key) };
  });
  if (!res.ok) {
    await discardMedia(ctx, evidence.map((e) => e.key), id);
    return res;
  }
  await discardMedia(ctx, res.discard, id);
  ctx.logger.info('customer liveness frames stored', { verificationId: id, frames: evidence.length, frameDifference: motion.difference });
  return { ok: true, row: res.row };
}
