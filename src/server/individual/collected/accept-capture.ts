import { randomBytes } from 'node:crypto';
import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES, type HostedErrorCode, type MediaSlot } from '../../../contract/hosted-individual';
import type { VerificationId } from '../../../contract/ids';
import type { AppContext } from '../../context';
import { recordUpload, type HostedResult, type UploadPatch } from '../hosted';
import type { VerificationRow } from '../record';
import { barcodeOnBack, lookForDocument } from '../../media/document-presence';
import { processUpload } from '../../media/process-upload';
import { readLimitedBody } from '../../media/read-body';
import { compareWithOtherSide } from '../../media/same-side';

/** Declared upload types we take; the bytes decide anyway (octet-stream for clients that cannot say). */
const uploadContentTypes = new Set<string>([...MEDIA_ACCEPTED_TYPES, 'application/octet-stream']);

export type CaptureResult = HostedResult | { ok: false; code: HostedErrorCode; detail?: string; maxBytes?: number };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'kickWebhooks' | 'storage' | 'logger'>;

/** `verifications/<id>/<slot>-<random>.jpg`: a retake never overwrites what a signed URL points at. */
export function storageKeyFor(id: VerificationId, slot: MediaSlot): string {
  return `verifications/${id}/${slot}-${randomBytes(8).toString('hex')}.jpg`;
}

/**
 * One capture from any client (the hosted app or a customer's server): type and size checked
 * before decoding, decoded and re-encoded (process-upload), a document side refused when no
 * document is in it or when it is the other side again (the front sent as the back), stored
 * under a fresh key, then recorded under the row lock (recordUpload owns the file from there).
 * The caller checked the session may take this slot; `row` is the session as it read it.
 */
export async function acceptCapture(
  ctx: Ctx, req: Request, row: Pick<VerificationRow, 'id' | 'media'>, slot: MediaSlot, patch?: UploadPatch,
): Promise<CaptureResult> {
  const id = row.id;
  const declared = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!uploadContentTypes.has(declared)) return { ok: false, code: 'unsupported_media_type' };
  const body = await readLimitedBody(req, MEDIA_MAX_BYTES);
  if (!body.ok) {
    return body.reason === 'too_large'
      ? { ok: false, code: 'media_too_large', maxBytes: MEDIA_MAX_BYTES }
      : { ok: false, code: 'invalid_media', detail: 'The request has no image' };
  }
  const image = await processUpload(body.bytes);
  if (!image.ok) return { ok: false, code: image.code, detail: image.detail };
  if (slot !== 'selfie') {
    // Any client can call the API: nothing without a document in it is stored as a document.
    const look = await lookForDocument(image.bytes);
    // A licence's back shown close to its barcode (the side compare needs the card's outline: none here).
    if (!look && slot === 'document-back' && await barcodeOnBack(image.bytes)) return record(ctx, id, slot, image.bytes, patch);
    if (!look) return { ok: false, code: 'document_not_found' };
    const other = await compareWithOtherSide(ctx.storage, row.media[slot === 'document-front' ? 'back' : 'front'], look);
    if (other?.same) return { ok: false, code: 'same_side', detail: `The picture shows the same side of the document as the ${slot === 'document-front' ? 'back' : 'front'}` };
  }
  return record(ctx, id, slot, image.bytes, patch);
}

/** Stores the checked capture under a fresh key and records it (recordUpload owns the file from there). */
async function record(ctx: Ctx, id: VerificationId, slot: MediaSlot, bytes: Buffer, patch?: UploadPatch): Promise<CaptureResult> {
  const storageKey = storageKeyFor(id, slot);
  await ctx.storage.put(storageKey, bytes);
  return recordUpload(ctx, id, slot, storageKey, patch);
}
