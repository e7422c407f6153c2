import { chooseDocumentBodySchema, MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES, mediaSlotSchema } from '../../contract/hosted-individual';
import { toSchema } from './json-schema';
import { binaryBody, codedError, jsonBody, ok, pathParam, ref, responseRef, security, TAGS, type Json, type Paths } from './operations';

const tags = [TAGS.customer];
const MB = MEDIA_MAX_BYTES / (1024 * 1024);

/**
 * Customer-collected media (not in the spec, which allows a customer to "skip the hosted flow and
 * collect media itself"): server to server with `x-api-key`, answering the IndividualRecord.
 * Refusals carry the hosted API's `error.code`s.
 */
export function collectedPaths(): Paths {
  const base = '/v1/verifications/{id}';
  const id = pathParam('id', 'The verificationId returned at creation');
  const err = (description: string) => codedError(description, 'HostedError');
  const errors = (extra: Record<string, Json>) => ({
    401: responseRef('Unauthorized'),
    409: err('The session\'s state forbids this (`closed`, `already_submitted`)'),
    ...extra,
    500: responseRef('InternalError'),
  });
  const record = (message: string) => ok(message, ref('IndividualRecord'));
  const op = (summary: string, rest: Json & { responses: Record<string, Json> }) => ({ summary, tags, security: security.apiKey, parameters: [id], ...rest });
  return {
    [`${base}/document`]: {
      put: op('Customer-collected: choose the document type and issuing country (the first call starts a `not started` session: verification.started)', {
        requestBody: jsonBody(chooseDocumentBodySchema),
        responses: { 200: record('Document saved'), ...errors({ 400: err('`invalid_body` (with `issues`); or, as every customer route, "Verification not found or has been deleted" for an unknown, deleted or another key\'s id') }) },
      }),
    },
    [`${base}/media/{slot}`]: {
      put: op('Customer-collected: upload a capture (same checks as the hosted flow: decoded, re-encoded as JPEG, a document side must show a document; emits the matching *_uploaded event)', {
        parameters: [id, pathParam('slot', 'Capture slot', toSchema(mediaSlotSchema))],
        requestBody: binaryBody([...MEDIA_ACCEPTED_TYPES, 'application/octet-stream'], `The image bytes, at most ${MB} MB`),
        responses: {
          200: record('Media uploaded'),
          ...errors({
            400: err('`invalid_body` (unknown slot), `invalid_media`, `no_document` (choose the document first), `no_back`, `document_not_found`, `same_side` (the front again as the back, or the other way round; nothing stored)'),
            413: err(`Larger than ${MB} MB (\`media_too_large\`)`),
            415: err('Not an image type we take (`unsupported_media_type`)'),
          }),
        },
      }),
    },
    [`${base}/liveness`]: {
      post: op('Customer-collected: liveness frames from your own capture (optional). `labels` names each frame; the first is `neutral`, at least one shows an action. Frames that barely differ fail at once; the decision pipeline checks the head turn or blink and that every frame shows the selfie\'s person', {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object', required: ['labels', 'frames'],
                properties: {
                  labels: { type: 'string', description: 'JSON array of frame labels (neutral, turn-left, turn-right, blink, return), one per file, same order; 2 to 8' },
                  frames: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The frames (JPEG, PNG or WebP; 2 MB each, 24 MB in all)' },
                },
              },
            },
          },
        },
        responses: {
          200: record('Liveness frames stored'),
          ...errors({ 400: err('`invalid_body` (labels or frames missing or inconsistent), `invalid_media`'), 413: err('`media_too_large`') }),
        },
      }),
    },
    [`${base}/submit`]: {
      post: op('Customer-collected: submit (emits verification.processing_started; test keys are decided by the sandbox rules, live keys by the automatic checks)', {
        responses: { 200: record('Verification submitted'), ...errors({ 400: err('`missing_captures` (with `error.missing`)') }) },
      }),
    },
  };
}
