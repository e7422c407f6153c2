import type { VerificationId } from '../../../contract/ids';
import type { Harness } from '../../testing/harness';
import { testVerificationId } from '../../testing/test-ids';

export interface CollectedMedia {
  front: Buffer;
  back?: Buffer;
  selfie: Buffer;
  frames?: { labels: string[]; images: Buffer[] };
}

/** multipart body of a customer's liveness frames. */
export function framesForm(labels: string[], images: Buffer[]): FormData {
  const form = new FormData();
  form.set('labels', JSON.stringify(labels));
  for (const img of images) form.append('frames', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), 'frame.jpg');
  return form;
}

/** multipart Request body + headers for the harness (it takes a raw body). */
export async function multipart(form: FormData): Promise<{ raw: Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  const res = new Response(form);
  return { raw: new Uint8Array(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

/**
 * A customer's server collecting media itself: create, choose the document, upload the captures
 * (and frames), submit. Returns the verification id; throws on any refused step.
 */
export async function collectAndSubmit(h: Harness, apiKey: string, media: CollectedMedia, docType = 'NATIONAL_ID', issuingState = 'UTO'): Promise<VerificationId> {
  const created = await h.request('POST', '/api/v1/verifications', { key: apiKey, body: { vendorData: 'collected' } });
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const id = testVerificationId((created.body as { data: { verificationId: string } }).data.verificationId);
  const step = async (method: string, path: string, opts: Parameters<Harness['request']>[2]) => {
    const r = await h.request(method, `/api/v1/verifications/${id}${path}`, { key: apiKey, ...opts });
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  };
  const jpeg = { 'content-type': 'image/jpeg' };
  await step('PUT', '/document', { body: { type: docType, issuingState } });
  await step('PUT', '/media/document-front', { raw: new Uint8Array(media.front), headers: jpeg });
  if (media.back) await step('PUT', '/media/document-back', { raw: new Uint8Array(media.back), headers: jpeg });
  await step('PUT', '/media/selfie', { raw: new Uint8Array(media.selfie), headers: jpeg });
  if (media.frames) await step('POST', '/liveness', await multipart(framesForm(media.frames.labels, media.frames.images)));
  await step('POST', '/submit', {});
  return id;
}
