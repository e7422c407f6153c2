// Uploads through XMLHttpRequest: fetch() has no upload progress events in browsers yet.
import { HostedApiError, errorFromResponse } from './errors';

export interface UploadRequest {
  url: string;
  /** A file, or a multipart form (the browser then sets the Content-Type with its boundary). */
  body: Blob | FormData;
  contentType?: string;
  method?: 'PUT' | 'POST';
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** ms before giving up on one attempt; a 5 MB photo on slow 3G (~50 KB/s) needs ~100 s. */
  timeoutMs?: number;
}

export type XhrFactory = () => XMLHttpRequest;

export const UPLOAD_TIMEOUT_MS = 180_000;

/** Resolves with the parsed JSON body of a 2xx answer; rejects with a HostedApiError. */
export function xhrUpload(req: UploadRequest, createXhr: XhrFactory = () => new XMLHttpRequest()): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (req.signal?.aborted) {
      reject(new HostedApiError('aborted', null, 'upload aborted'));
      return;
    }
    const xhr = createXhr();
    xhr.open(req.method ?? 'PUT', req.url);
    if (req.contentType) xhr.setRequestHeader('Content-Type', req.contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = req.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (fn: () => void) => {
      req.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    xhr.onload = () =>
      settle(() => {
        let json: unknown;
        try {
          json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          json = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          req.onProgress?.(1);
          resolve(json);
        } else {
          reject(errorFromResponse(xhr.status, json));
        }
      });
    xhr.onerror = () => settle(() => reject(new HostedApiError('network', null, 'upload failed: network error')));
    xhr.ontimeout = () => settle(() => reject(new HostedApiError('timeout', null, 'upload timed out')));
    xhr.onabort = () => settle(() => reject(new HostedApiError('aborted', null, 'upload aborted')));
    xhr.send(req.body);
  });
}
