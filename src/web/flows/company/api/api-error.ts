// Errors of the hosted company API, reduced to what the app acts on.
import { HOSTED_COMPANY_ERROR_CODES, type HostedCompanyErrorCode } from '../../../../contract/company-constants';

/**
 * - network: no HTTP answer (offline, reset, timeout): retry;
 * - server: 5xx, 429 or a body that is not our envelope (proxy page): retry later;
 * - otherwise the envelope's `error.code`.
 */
export type CompanyApiErrorCode = HostedCompanyErrorCode | 'network' | 'server' | 'rate_limited';

export interface FieldIssue {
  /** Dotted path, e.g. `business.legalName` or `ownership.owners`. */
  path: string;
  /** i18n key, e.g. `errors.required`. */
  message: string;
}

export class CompanyApiError extends Error {
  override readonly name = 'CompanyApiError';
  constructor(
    readonly code: CompanyApiErrorCode,
    readonly httpStatus: number,
    readonly issues: readonly FieldIssue[] = [],
    /** `error.code` as sent, also when this app does not know it (a newer server). */
    readonly rawCode: string | null = null,
  ) {
    super(`hosted company API: ${code} (${httpStatus})`);
  }

  /** Worth trying again with the same request. */
  get retryable(): boolean {
    return this.code === 'network' || this.code === 'server' || this.code === 'rate_limited';
  }

  /** The link cannot be used for changes any more: the page shows its link screen. */
  get linkClosed(): boolean {
    return ['invalid_token', 'not_found', 'expired', 'closed', 'already_submitted'].includes(this.code);
  }
}

function readIssues(error: Record<string, unknown>): FieldIssue[] {
  const raw = error.issues;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i: unknown) => {
    if (!i || typeof i !== 'object') return [];
    const { path, message } = i as Record<string, unknown>;
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

function isCompanyErrorCode(code: string | null): code is HostedCompanyErrorCode {
  return code !== null && (HOSTED_COMPANY_ERROR_CODES as readonly string[]).includes(code);
}

/** Builds the error for a non-2xx answer from its status and (possibly absent) JSON body. */
export function errorFromResponse(httpStatus: number, body: unknown): CompanyApiError {
  if (httpStatus === 429) return new CompanyApiError('rate_limited', httpStatus);
  const error = body && typeof body === 'object' ? (body as Record<string, unknown>).error : null;
  const fields = error && typeof error === 'object' ? (error as Record<string, unknown>) : null;
  const raw = typeof fields?.code === 'string' ? fields.code : null;
  if (httpStatus >= 500) return new CompanyApiError('server', httpStatus, [], raw);
  if (isCompanyErrorCode(raw)) return new CompanyApiError(raw, httpStatus, readIssues(fields ?? {}), raw);
  if (httpStatus === 401) return new CompanyApiError('invalid_token', httpStatus, [], raw);
  if (!fields) return new CompanyApiError('server', httpStatus, [], raw);
  return new CompanyApiError('invalid_body', httpStatus, readIssues(fields), raw);
}
