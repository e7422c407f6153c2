import {
  DOCUMENT_ACCEPTED_TYPES, DOCUMENT_MAX_BYTES, FILE_NAME_HEADER, saveDraftBodySchema,
} from '../../contract/hosted-company';
import { chooseDocumentBodySchema, MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES, mediaSlotSchema } from '../../contract/hosted-individual';
import { challengeBodySchema } from '../liveness/challenge-body';
import { toSchema } from './json-schema';
import {
  binaryBody, codedError, jsonBody, ok, pathParam, ref, responseRef, security, TAGS, type Json, type Operation, type Paths,
} from './operations';

const tags = [TAGS.hosted];
const MB = MEDIA_MAX_BYTES / (1024 * 1024);
type OpParts = Json & { responses: Record<string, Json> };

/** Individual hosted API: the processId (≥ 128 random bits) is the capability; no other auth. */
function individualPaths(): Paths {
  const base = '/v1/hosted/verifications/{processId}';
  const processId = pathParam('processId', 'The verificationId (the hosted link\'s processId)');
  const err = (description: string) => codedError(description, 'HostedError');
  const errors = (extra: Record<string, Json>) => ({
    404: err('Not in the spec: unknown or deleted link (`not_found`)'),
    ...extra,
    429: responseRef('RateLimited'),
    500: responseRef('InternalError'),
  });
  const conflict = err('Not in the spec: the session\'s state forbids this (`closed`, `already_submitted`, `not_started`)');
  const session = (message: string) => ok(message, ref('HostedSession'));
  const op = (summary: string, rest: OpParts): Operation => ({ summary, tags, security: security.none, parameters: [processId], ...rest });
  return {
    [base]: { get: op('Session state for the flow', { responses: { 200: session('Fetched session'), ...errors({}) } }) },
    [`${base}/start`]: {
      post: op('Start the session (`not started` → `started`, emits verification.started once)', {
        responses: { 200: session('Session started'), ...errors({ 409: conflict }) },
      }),
    },
    [`${base}/document`]: {
      put: op('Choose the document type and issuing country', {
        requestBody: jsonBody(chooseDocumentBodySchema),
        responses: { 200: session('Document saved'), ...errors({ 400: err('Invalid body (`invalid_body`, with `issues`)'), 409: conflict }) },
      }),
    },
    [`${base}/media/{slot}`]: {
      put: op('Upload a capture (JPEG, PNG or WebP by content; re-encoded as JPEG, metadata stripped)', {
        parameters: [processId, pathParam('slot', 'Capture slot', toSchema(mediaSlotSchema))],
        requestBody: binaryBody([...MEDIA_ACCEPTED_TYPES, 'application/octet-stream'], `The image bytes, at most ${MB} MB`),
        responses: {
          200: session('Media uploaded'),
          ...errors({
            400: err('`invalid_body` (unknown slot), `invalid_media`, `no_document`, `no_back`, `document_not_found` (no identity document found in a document-front/back picture; nothing stored), `same_side` (the picture shows the same side of the document as the other side already stored: the front sent again as the back; nothing stored)'),
            403: err('Not in the spec: `selfie_upload_not_allowed` (a picked selfie, where the key does not allow one: the camera selfie goes through `liveness`)'),
            409: conflict,
            413: err(`Not in the spec: larger than ${MB} MB (\`media_too_large\`)`),
            415: err('Not in the spec: declared type is not an image we take (`unsupported_media_type`)'),
          }),
        },
      }),
    },
    [`${base}/liveness/challenge`]: {
      post: op('Issue a liveness challenge: two different random actions out of turn-left, turn-right, blink, a screen-light colour sequence and the nonce the evidence chain starts from (three tries per round, the key\'s rounds per session, 3 by default). The optional JSON body `{ previousFailure }` says why the device refused the try before (kept in the record\'s `liveness.failedAttempts`). When every try of the last round is used, the session is failed (`liveness_attempts_exhausted`, decision webhook `verification.failed`) and this answers 409', {
        requestBody: { required: false, content: { 'application/json': { schema: toSchema(challengeBodySchema) } } },
        responses: {
          200: ok('Liveness challenge issued', ref('LivenessChallenge')),
          ...errors({
            400: err('`invalid_body` (a `previousFailure` that is not a device failure reason)'),
            409: err('Not in the spec: `liveness_attempts_exhausted` (the open last challenge is served again instead while unanswered), or the session\'s state (`closed`, `already_submitted`, `not_started`)'),
          }),
        },
      }),
    },
    [`${base}/liveness`]: {
      post: op('Answer the challenge: the neutral selfie, the evidence frames and the device\'s verdict; the frames must carry the SHA-256 chain from the challenge\'s nonce (`result.chain`); the service re-checks the frames for motion and the screen-light frames for colour (emits verification.selfie_uploaded; a failure that ends the last round fails the session)', {
        requestBody: livenessAnswerBody,
        responses: {
          200: session('Liveness recorded'),
          ...errors({
            400: err('`invalid_body` (result, selfie or frames missing or inconsistent), `invalid_media`, `liveness_challenge_invalid` (unknown, expired or other actions), `liveness_evidence_mismatch` (no chain, or frames recorded for another challenge or session: nothing stored)'),
            409: err('Not in the spec: `liveness_challenge_used` (answered before), or the session\'s state'),
            413: err('Not in the spec: a frame over 2 MB or the whole over 24 MB (`media_too_large`)'),
          }),
        },
      }),
    },
    [`${base}/submit`]: {
      post: op('Submit the captures (emits verification.processing_started; the decision follows)', {
        responses: { 200: session('Verification submitted'), ...errors({ 400: err('`missing_captures` (with `error.missing`)'), 409: conflict }) },
      }),
    },
  };
}

/** Company hosted API: processId plus the link's hostedToken in `x-hosted-token`. */
function companyPaths(): Paths {
  const base = '/v1/hosted/company-verifications/{processId}';
  const processId = pathParam('processId', 'The companyVerificationId (the hosted link\'s processId)');
  const err = (description: string) => codedError(description, 'HostedCompanyError');
  const errors = (extra: Record<string, Json>) => ({
    401: err('Missing or wrong hostedToken (`invalid_token`)'),
    404: err('Not in the spec: unknown link or document (`not_found`)'),
    ...extra,
    429: responseRef('RateLimited'),
    500: responseRef('InternalError'),
  });
  const conflict = err('Not in the spec: the verification can no longer change (`already_submitted`, `expired`, `closed`), or the step is done');
  const uploadErrors = {
    413: err(`Not in the spec: larger than ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB (\`media_too_large\`)`),
    415: err('Not in the spec: not a type we take (`unsupported_media_type`)'),
  };
  const op = (summary: string, rest: OpParts): Operation => ({ summary, tags, security: security.hostedToken, parameters: [processId], ...rest });
  return {
    [base]: {
      get: op('Campaign, saved draft, documents, progress and status for the form', {
        responses: { 200: ok('Fetched company verification', ref('HostedCompanySession')), ...errors({}) },
      }),
    },
    [`${base}/draft`]: {
      patch: op('Autosave a section and/or the current step (the first save moves it to `started`)', {
        requestBody: jsonBody(saveDraftBodySchema),
        responses: {
          200: ok('Draft saved', ref('SaveDraftResponse')),
          ...errors({ 400: err('`invalid_body`, `unknown_section`'), 409: conflict, 413: err('Not in the spec: body larger than 256 KiB') }),
        },
      }),
    },
    [`${base}/documents/{kind}`]: {
      put: op('Upload a supporting document (PDF, JPEG or PNG by content)', {
        parameters: [processId, pathParam('kind', 'A document kind of the campaign'),
          { name: FILE_NAME_HEADER, in: 'header', required: false, schema: { type: 'string' }, description: 'Original file name (percent-encoded UTF-8 allowed); sanitised' }],
        requestBody: binaryBody(DOCUMENT_ACCEPTED_TYPES, 'The file bytes'),
        responses: {
          200: ok('Document uploaded', ref('UploadedDocument')),
          ...errors({ 400: err('`unknown_document_kind`, `invalid_media`'), 409: err('Not in the spec: closed, or `too_many_files`'), ...uploadErrors }),
        },
      }),
    },
    [`${base}/documents/{kind}/{docId}`]: {
      delete: op('Remove a supporting document', {
        parameters: [processId, pathParam('kind', 'Document kind'), pathParam('docId', 'Document id')],
        responses: { 200: ok('Document removed', null), ...errors({ 409: conflict }) },
      }),
    },
    [`${base}/documents/{docId}`]: {
      get: op('Download a supporting document (always an attachment)', {
        parameters: [processId, pathParam('docId', 'Document id')],
        responses: {
          200: { description: 'The stored file', content: Object.fromEntries(DOCUMENT_ACCEPTED_TYPES.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])) },
          ...errors({}),
        },
      }),
    },
    [`${base}/liveness`]: {
      post: op('Start the representative liveness check (a linked individual verification)', {
        responses: { 200: ok('Liveness started', ref('StartLivenessResponse')), ...errors({ 400: err('`liveness_not_needed`'), 409: conflict }) },
      }),
    },
    [`${base}/liveness/selfie`]: {
      post: op('A picked selfie for the representative, only where the key allows it: liveness ends `not_live` (emits company_verification.liveness_completed)', {
        requestBody: binaryBody(MEDIA_ACCEPTED_TYPES, 'The selfie bytes'),
        responses: {
          200: ok('Liveness completed', ref('LivenessSelfieResponse')),
          ...errors({ 400: err('`invalid_media`'), 403: err('Not in the spec: `selfie_upload_not_allowed`'), 409: err('Not in the spec: closed, `liveness_not_started` or `liveness_completed`'), ...uploadErrors }),
        },
      }),
    },
    [`${base}/liveness/challenge`]: {
      post: op('Issue a liveness challenge for the representative (the same check as the individual selfie)', {
        responses: { 200: ok('Liveness challenge issued', ref('LivenessChallenge')), ...errors({ 409: err('Not in the spec: `liveness_attempts_exhausted`, `liveness_not_started`, `liveness_completed`, closed') }) },
      }),
    },
    [`${base}/liveness/result`]: {
      post: op('Answer the representative\'s challenge (multipart: result, selfie, frames); a final outcome emits company_verification.liveness_completed', {
        requestBody: livenessAnswerBody,
        responses: {
          200: ok('Liveness recorded', ref('LivenessSelfieResponse')),
          ...errors({ 400: err('`invalid_body`, `invalid_media`, `liveness_challenge_invalid`, `liveness_evidence_mismatch`'), 409: err('Not in the spec: `liveness_challenge_used`, `liveness_not_started`, `liveness_completed`, closed'), ...uploadErrors }),
        },
      }),
    },
    [`${base}/submit`]: {
      post: op('Submit: full validation, `submitted`, emits company_verification.submitted', {
        responses: { 200: ok('Company verification submitted', ref('SubmitCompanyResponse')), ...errors({ 400: err('`invalid_form` (with `issues`)'), 409: conflict }) },
      }),
    },
  };
}

/** The multipart answer to a liveness challenge: the same for the individual and the company flow. */
const livenessAnswerBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['result', 'selfie', 'frames'],
        properties: {
          result: { type: 'string', description: 'JSON of LivenessResult (the device\'s verdict, timings, the frames\' labels)' },
          selfie: { type: 'string', format: 'binary', description: 'The neutral selfie (JPEG, PNG or WebP)' },
          frames: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'Evidence frames, one per result.frames entry, same order (2 to 8, 2 MB each, 24 MB in all)' },
        },
      },
    },
  },
};

export function hostedPaths(): Paths {
  return { ...individualPaths(), ...companyPaths() };
}
