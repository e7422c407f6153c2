// Typed client for the hosted individual API (src/contract/hosted-individual.ts). Every
// answer is checked against the contract's JSON Schema (wire-schemas.json, generated from the
// zod schemas); failures come back as HostedApiError.
import type { ChooseDocumentBody, HostedSession, MediaSlot } from '../../contract/hosted-individual';
import type { LivenessChallenge } from '../../contract/liveness-session';
import type { LivenessResult } from '../../contract/liveness';
import { HostedApiError, errorFromResponse, isHostedApiError, isRetryable } from './errors';
import { DEFAULT_RETRY, withRetry, type RetryPolicy, type Sleep } from './retry';
import { takeEarly } from './early-fetch';
import { readAnswer, successOrThrow } from './http-answer';
import { checked } from './wire-check';
import type { XhrFactory, XhrFailure } from './xhr-upload';

/** The upload code loads with the first upload (the capture screens prefetch it). */
export const loadXhrUpload = () => import('./xhr-upload');

interface UploadRequest {
  url: string;
  body: Blob | FormData;
  contentType?: string;
  method?: 'PUT' | 'POST';
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

const UPLOAD_FAILURES: Record<XhrFailure, string> = {
  network: 'upload failed: network error',
  timeout: 'upload timed out',
  aborted: 'upload aborted',
};

/** One upload attempt: the JSON body of a 2xx answer; anything else as a HostedApiError. */
async function xhrUpload(req: UploadRequest, factory?: XhrFactory): Promise<unknown> {
  const { xhrUpload: send, XhrNetworkError, UPLOAD_TIMEOUT_MS } = await loadXhrUpload();
  let answer;
  try {
    answer = await send(
      {
        method: req.method ?? 'PUT',
        url: req.url,
        headers: { ...(req.contentType ? { 'Content-Type': req.contentType } : {}), Accept: 'application/json' },
        body: req.body,
        onProgress: req.onProgress,
        signal: req.signal,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      },
      factory,
    );
  } catch (error) {
    if (error instanceof XhrNetworkError) throw new HostedApiError(error.reason, null, UPLOAD_FAILURES[error.reason]);
    throw error;
  }
  successOrThrow(answer, errorFromResponse);
  req.onProgress?.(1);
  return answer.json;
}

export const HOSTED_API_BASE = '/api/v1/hosted';
/** One JSON request attempt, ms; the retry loop adds attempts on top. */
export const JSON_TIMEOUT_MS = 20_000;


export interface HostedClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  createXhr?: XhrFactory;
  retry?: RetryPolicy;
  sleep?: Sleep;
  random?: () => number;
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface HostedClient {
  getSession(processId: string, signal?: AbortSignal): Promise<HostedSession>;
  start(processId: string): Promise<HostedSession>;
  chooseDocument(processId: string, body: ChooseDocumentBody): Promise<HostedSession>;
  uploadMedia(processId: string, slot: MediaSlot, image: Blob, options?: UploadOptions): Promise<HostedSession>;
  submit(processId: string): Promise<HostedSession>;
  /** A liveness challenge: a new one, or the one still open (see src/contract/liveness.ts). */
  /** `previousFailure`: why the device refused the try before (kept in the session's trace). */
  livenessChallenge(processId: string, signal?: AbortSignal, previousFailure?: string): Promise<LivenessChallenge>;
  /** The neutral selfie with the challenge's evidence frames and the device's verdict, in one request. */
  submitLiveness(processId: string, body: LivenessSubmission, options?: UploadOptions): Promise<HostedSession>;
}

export interface LivenessSubmission {
  result: LivenessResult;
  selfie: Blob;
  /** One per `result.frames` entry, same order. */
  frames: Blob[];
}


function parseSession(json: unknown): HostedSession {
  const parsed = checked<HostedSession>('sessionEnvelope', json);
  if (!parsed) throw new HostedApiError('invalid_response', 200, 'unexpected response shape');
  return parsed;
}

export function createHostedClient(options: HostedClientOptions = {}): HostedClient {
  const base = options.baseUrl ?? HOSTED_API_BASE;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const retry = (signal?: AbortSignal) => ({
    policy: options.retry ?? DEFAULT_RETRY,
    isRetryable,
    sleep: options.sleep,
    random: options.random,
    signal,
  });
  const url = (processId: string, suffix = '') => `${base}/verifications/${encodeURIComponent(processId)}${suffix}`;

  async function once(method: string, target: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), JSON_TIMEOUT_MS);
    const onAbort = () => timeout.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let response: Response;
    try {
      const prefetched = method === 'GET' && !options.fetch ? takeEarly(target) : null;
      response = await (prefetched?.catch(() => null) ?? Promise.resolve(null)) ?? await doFetch(target, {
        method,
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      if (signal?.aborted) throw new HostedApiError('aborted', null, 'request aborted');
      if (timeout.signal.aborted) throw new HostedApiError('timeout', null, 'request timed out');
      throw new HostedApiError('network', null, 'network error');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    return successOrThrow(await readAnswer(response), errorFromResponse).json;
  }

  const request = (method: string, target: string, body?: unknown, signal?: AbortSignal) =>
    withRetry(() => once(method, target, body, signal), retry(signal));

  const getSession = async (processId: string, signal?: AbortSignal) =>
    parseSession(await request('GET', url(processId), undefined, signal));

  /** Writes answer with the updated session; if one ever does not, read it instead. */
  async function thenSession(processId: string, json: unknown): Promise<HostedSession> {
    return checked<HostedSession>('sessionEnvelope', json) ?? getSession(processId);
  }

  return {
    getSession,
    async start(processId) {
      return thenSession(processId, await request('POST', url(processId, '/start')));
    },
    async chooseDocument(processId, body) {
      return thenSession(processId, await request('PUT', url(processId, '/document'), body));
    },
    async uploadMedia(processId, slot, image, upload = {}) {
      const json = await withRetry(
        () => xhrUpload(
          {
            url: url(processId, `/media/${slot}`),
            body: image,
            contentType: image.type || 'image/jpeg',
            onProgress: upload.onProgress,
            signal: upload.signal,
          },
          options.createXhr,
        ),
        { ...retry(upload.signal), onRetry: () => upload.onProgress?.(0) },
      );
      return thenSession(processId, json);
    },
    async livenessChallenge(processId, signal, previousFailure) {
      const body = previousFailure ? { previousFailure } : undefined;
      const parsed = checked<LivenessChallenge>('challengeEnvelope', await request('POST', url(processId, '/liveness/challenge'), body, signal));
      if (!parsed) throw new HostedApiError('invalid_response', 200, 'unexpected response shape');
      return parsed;
    },
    async submitLiveness(processId, body, upload = {}) {
      const form = () => {
        const f = new FormData();
        f.append('result', JSON.stringify(body.result));
        f.append('selfie', body.selfie, 'selfie.jpg');
        body.frames.forEach((frame, i) => f.append('frames', frame, `frame-${i}.jpg`));
        return f;
      };
      const json = await withRetry(
        () => xhrUpload({ url: url(processId, '/liveness'), method: 'POST', body: form(), onProgress: upload.onProgress, signal: upload.signal }, options.createXhr),
        // A retry after a lost answer meets `liveness_challenge_used`: not retryable, and the
        // flow then reads the session, which holds the first answer.
        { ...retry(upload.signal), onRetry: () => upload.onProgress?.(0) },
      ).catch(async (error: unknown) => {
        if (isHostedApiError(error, 'liveness_challenge_used')) return null;
        throw error;
      });
      return thenSession(processId, json);
    },
    async submit(processId) {
      try {
        return await thenSession(processId, await request('POST', url(processId, '/submit')));
      } catch (error) {
        // A retried submit whose first attempt did land: the session is submitted, which is
        // what the person wanted.
        if (isHostedApiError(error, 'already_submitted')) return getSession(processId);
        throw error;
      }
    },
  };
}
