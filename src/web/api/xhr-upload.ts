// Uploads through XMLHttpRequest: fetch() has no upload progress events in browsers yet. One
// implementation for both hosted clients (individual, company): each maps the answer and the
// failures to its own errors.
import { parseJsonText, type HttpAnswer } from './http-answer';

export interface XhrUploadRequest {
  method: 'PUT' | 'POST';
  url: string;
  /** Set in this order; none is added here. */
  headers: Record<string, string>;
  /** A file, or a multipart form (the browser then sets the Content-Type with its boundary). */
  body: Blob | FormData;
  /** Fraction sent, 0..1, while sending; completing it on an answer is the caller's choice. */
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** ms before giving up on one attempt; none when left out. */
  timeoutMs?: number | undefined;
}

/** Why an upload got no HTTP answer. */
export type XhrFailure = 'network' | 'timeout' | 'aborted';

/** Thrown when the request never got an HTTP answer (offline, DNS, reset, timeout) or was aborted. */
export class XhrNetworkError extends Error {
  override readonly name = 'XhrNetworkError';
  constructor(readonly reason: XhrFailure) {
    super(reason === 'network' ? 'network error' : reason);
  }
}

/** Makes the request object; tests pass a fake. */
export type XhrFactory = () => XMLHttpRequest;

/** One attempt of a photo upload; a 5 MB photo on slow 3G (~50 KB/s) needs ~100 s. */
export const UPLOAD_TIMEOUT_MS = 180_000;

/** Resolves with the status and parsed JSON body of any HTTP answer; rejects with XhrNetworkError. */
export function xhrUpload(req: XhrUploadRequest, createXhr: XhrFactory = () => new XMLHttpRequest()): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    if (req.signal?.aborted) {
      reject(new XhrNetworkError('aborted'));
      return;
    }
    const xhr = createXhr();
    xhr.open(req.method, req.url);
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    if (req.timeoutMs !== undefined) xhr.timeout = req.timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (fn: () => void) => {
      req.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    xhr.onload = () => settle(() => resolve({ status: xhr.status, json: parseJsonText(xhr.responseText) }));
    xhr.onerror = () => settle(() => reject(new XhrNetworkError('network')));
    xhr.ontimeout = () => settle(() => reject(new XhrNetworkError('timeout')));
    xhr.onabort = () => settle(() => reject(new XhrNetworkError('aborted')));
    xhr.send(req.body);
  });
}
