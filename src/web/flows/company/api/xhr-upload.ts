// File upload through XMLHttpRequest: fetch() still has no upload progress events in browsers.

export interface XhrUploadRequest {
  method: 'PUT' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: Blob;
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface XhrResponse {
  status: number;
  /** Parsed JSON body, or null when the body is not JSON (proxy error pages). */
  json: unknown;
}

/** Thrown when the request never got an HTTP answer (offline, DNS, reset) or was aborted. */
export class XhrNetworkError extends Error {
  override readonly name = 'XhrNetworkError';
  constructor(
    message: string,
    readonly aborted = false,
  ) {
    super(message);
  }
}

type XhrFactory = () => XMLHttpRequest;

export function xhrUpload(req: XhrUploadRequest, createXhr: XhrFactory = () => new XMLHttpRequest()): Promise<XhrResponse> {
  return new Promise((resolve, reject) => {
    if (req.signal?.aborted) {
      reject(new XhrNetworkError('aborted', true));
      return;
    }
    const xhr = createXhr();
    xhr.open(req.method, req.url);
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => req.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      cleanup();
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      req.onProgress?.(1);
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => {
      cleanup();
      reject(new XhrNetworkError('network error'));
    };
    xhr.ontimeout = () => {
      cleanup();
      reject(new XhrNetworkError('timeout'));
    };
    xhr.onabort = () => {
      cleanup();
      reject(new XhrNetworkError('aborted', true));
    };
    xhr.send(req.body);
  });
}
