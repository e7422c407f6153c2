import { json, ref, responseRef, type Json } from './operations';

/**
 * Reusable responses (components.responses). The spec names 400 and 401; every other status is
 * ours and says so ("Not in the spec").
 */
export const sharedResponses: Record<string, Json> = {
  BadRequest: {
    description: 'Invalid payload or query, unknown or deleted identifier, or invalid state transition. '
      + '`error` is `{ issues: [{ path, message }] }` for validation errors, otherwise null or a small object.',
    content: json(ref('Error')),
  },
  Unauthorized: {
    description: 'Missing, unknown or revoked API key (message `Unauthorized`). Checked before the body size: '
      + 'a request without a valid key is 401 whatever its size.',
    content: json(ref('Error')),
  },
  TooLarge: {
    description: 'Not in the spec: JSON body larger than 64 KiB (message `Request body too large`). '
      + 'Only a request with a valid API key gets it; without one the answer is 401.',
    content: json(ref('Error')),
  },
  InternalError: {
    description: 'Not in the spec: unexpected server error (message `Internal server error`; details only in the server log).',
    content: json(ref('Error')),
  },
  UnknownPath: {
    description: 'Not in the spec: no such path under /api (message `Not found`).',
    content: json(ref('Error')),
  },
  RateLimited: {
    description: 'Not in the spec: over a rate limit (`error.code` `rate_limited`, `error.limit` names which, `error.retryAfterSeconds`; '
      + 'header `Retry-After`). Hosted flow: per client address and, for uploads, per verification; customer API: per key when '
      + '`RATE_LIMIT_API_PER_KEY` is set; dashboard sign-in: per client address. Nothing was done.',
    headers: { 'Retry-After': { description: 'Seconds until the window reopens', schema: { type: 'integer' } } },
    content: json(ref('Error')),
  },
  ServiceUnavailable: {
    description: 'Not in the spec: the database is out of reach (restart, failover, lost connection; `error.code` '
      + '`database_unavailable`, `error.retryAfterSeconds`; header `Retry-After`). Send the request again after that many seconds: '
      + 'its writes were rolled back, unless the cut-off came during the commit itself (where an operation takes an `Idempotency-Key`, '
      + 'sending one makes that retry safe too).',
    headers: { 'Retry-After': { description: 'Seconds to wait before sending the request again', schema: { type: 'integer' } } },
    content: json(ref('Error')),
  },
  AdminUnauthorized: { description: 'Missing or wrong admin bearer token (message `Unauthorized`).', content: json(ref('Error')) },
  AdminNotFound: { description: 'No such id (operator API: 404, not the customer API\'s 400).', content: json(ref('Error')) },
};

/** Responses every customer (x-api-key) operation can give besides its 200. */
export const customerErrors = (withBody: boolean) => ({
  400: responseRef('BadRequest'),
  401: responseRef('Unauthorized'),
  ...(withBody ? { 413: responseRef('TooLarge') } : {}),
  429: responseRef('RateLimited'),
  500: responseRef('InternalError'),
});

export const adminErrors = (extra: Record<string, Json> = {}) => ({
  401: responseRef('AdminUnauthorized'),
  ...extra,
  500: responseRef('InternalError'),
});
