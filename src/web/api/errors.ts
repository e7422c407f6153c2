import type { HostedErrorCode } from '../../contract/hosted-individual';
import { wireSchemas } from './wire-check';
import { matches } from './json-check';

function isHostedErrorCode(code: unknown): code is HostedErrorCode {
  return matches(wireSchemas.hostedErrorCode, code);
}

/**
 * What went wrong, for screens to act on: the server's `error.code`, or one of ours when the
 * server never answered (network, timeout), answered badly (server, invalid_response), or the
 * request was cancelled (aborted).
 */
export type ApiErrorKind = HostedErrorCode | 'network' | 'timeout' | 'server' | 'invalid_response' | 'aborted' | 'unknown';

export class HostedApiError extends Error {
  override readonly name = 'HostedApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly httpStatus: number | null,
    message: string,
  ) {
    super(message);
  }

  /** Worth trying again unchanged: the network or the server may recover. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'server' || this.kind === 'rate_limited';
  }
}

export function isHostedApiError(error: unknown, kind?: ApiErrorKind): error is HostedApiError {
  return error instanceof HostedApiError && (kind === undefined || error.kind === kind);
}

export function isRetryable(error: unknown): boolean {
  return error instanceof HostedApiError && error.retryable;
}

/** When the body carries no code we know, fall back on the HTTP status. */
function kindFromStatus(status: number): ApiErrorKind {
  if (status === 404) return 'not_found';
  if (status === 413) return 'media_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'unknown';
}

/** Maps a non-2xx response (status + parsed body, null when not JSON) to a typed error. */
export function errorFromResponse(status: number, body: unknown): HostedApiError {
  const envelope = matches(wireSchemas.errorEnvelope, body) ? body as { message: string; error: Record<string, unknown> | null } : null;
  const message = envelope ? envelope.message : `HTTP ${status}`;
  const code = envelope?.error?.code;
  // A 5xx stays retryable whatever the body says.
  const kind = status >= 500 ? 'server' : isHostedErrorCode(code) ? code : kindFromStatus(status);
  return new HostedApiError(kind, status, message);
}
