import { LIVENESS_UPLOAD_MAX_BYTES } from '../../contract/liveness-session';
import { readLimitedBody } from '../media/read-body';

export type MultipartError = { ok: false; code: 'invalid_body' | 'media_too_large'; detail: string };

/**
 * A liveness multipart body (the hosted answer or a customer's frames) under the upload limit,
 * parsed as form data; `expects` names the fields for the refusal of another content type.
 */
export async function readLivenessMultipart(req: Request, expects: string): Promise<{ ok: true; form: FormData } | MultipartError> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return { ok: false, code: 'invalid_body', detail: `Send multipart/form-data with ${expects}` };
  const body = await readLimitedBody(req, LIVENESS_UPLOAD_MAX_BYTES);
  if (!body.ok) {
    return body.reason === 'too_large'
      ? { ok: false, code: 'media_too_large', detail: `The upload is over ${LIVENESS_UPLOAD_MAX_BYTES} bytes` }
      : { ok: false, code: 'invalid_body', detail: 'The request is empty' };
  }
  try {
    return { ok: true, form: await new Response(new Uint8Array(body.bytes), { headers: { 'content-type': type } }).formData() };
  } catch {
    return { ok: false, code: 'invalid_body', detail: 'The multipart body cannot be read' };
  }
}
