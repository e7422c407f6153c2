import { describe, expect, it } from 'vitest';
import { xhrUpload, XhrNetworkError, type XhrUploadRequest } from './xhr-upload';

type Outcome = { status: number; text: string } | 'error' | 'timeout' | 'hang';

/** Just enough of XMLHttpRequest: records what was set and answers the send with `outcome`. */
function fakeXhr(outcome: Outcome) {
  const made = { count: 0 };
  const xhr = {
    upload: {} as { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void },
    status: 0, responseText: '', responseType: '', timeout: 0,
    method: '', url: '', headers: [] as Array<[string, string]>, body: undefined as unknown,
    onload: null as null | (() => void), onerror: null as null | (() => void),
    ontimeout: null as null | (() => void), onabort: null as null | (() => void),
    open(method: string, url: string) { xhr.method = method; xhr.url = url; },
    setRequestHeader(name: string, value: string) { xhr.headers.push([name, value]); },
    abort() { xhr.onabort?.(); },
    send(body: unknown) {
      xhr.body = body;
      queueMicrotask(() => {
        if (outcome === 'hang') return;
        if (outcome === 'error') return xhr.onerror?.();
        if (outcome === 'timeout') return xhr.ontimeout?.();
        xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 });
        xhr.status = outcome.status;
        xhr.responseText = outcome.text;
        xhr.onload?.();
      });
    },
  };
  const factory = () => {
    made.count += 1;
    return xhr as unknown as XMLHttpRequest;
  };
  return { xhr, factory, made };
}

const request = (extra: Partial<XhrUploadRequest> = {}): XhrUploadRequest => ({
  method: 'PUT', url: '/up', headers: { 'Content-Type': 'image/jpeg', Accept: 'application/json' }, body: new Blob(['x']), ...extra,
});

describe('xhrUpload', () => {
  it('sends the method, url, headers (in order, none added) and body, and reports progress while sending', async () => {
    const { xhr, factory } = fakeXhr({ status: 200, text: '{"data":1}' });
    const progress: number[] = [];
    const body = new Blob(['x']);
    await expect(xhrUpload(request({ method: 'POST', body, onProgress: (f) => progress.push(f) }), factory))
      .resolves.toEqual({ status: 200, json: { data: 1 } });
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/up', body]);
    expect(xhr.headers).toEqual([['Content-Type', 'image/jpeg'], ['Accept', 'application/json']]);
    expect(xhr.responseType).toBe('text');
    // Completing the progress on an answer is the caller's choice.
    expect(progress).toEqual([0.75]);
  });

  it('resolves with any HTTP answer, a body that is not JSON as null', async () => {
    await expect(xhrUpload(request(), fakeXhr({ status: 415, text: '{"error":{"code":"x"}}' }).factory))
      .resolves.toEqual({ status: 415, json: { error: { code: 'x' } } });
    await expect(xhrUpload(request(), fakeXhr({ status: 502, text: '<html>' }).factory)).resolves.toEqual({ status: 502, json: null });
  });

  it('sets a timeout only when asked', async () => {
    const none = fakeXhr({ status: 200, text: '' });
    await xhrUpload(request(), none.factory);
    expect(none.xhr.timeout).toBe(0);
    const some = fakeXhr({ status: 200, text: '' });
    await xhrUpload(request({ timeoutMs: 5000 }), some.factory);
    expect(some.xhr.timeout).toBe(5000);
  });

  it('rejects with why no answer came: network, timeout, aborted', async () => {
    await expect(xhrUpload(request(), fakeXhr('error').factory)).rejects.toEqual(new XhrNetworkError('network'));
    await expect(xhrUpload(request(), fakeXhr('timeout').factory)).rejects.toMatchObject({ reason: 'timeout' });

    const hanging = fakeXhr('hang');
    const controller = new AbortController();
    const pending = xhrUpload(request({ signal: controller.signal }), hanging.factory);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'XhrNetworkError', reason: 'aborted' });
  });

  it('does not start when already aborted', async () => {
    const { factory, made } = fakeXhr({ status: 200, text: '' });
    await expect(xhrUpload(request({ signal: AbortSignal.abort() }), factory)).rejects.toMatchObject({ reason: 'aborted' });
    expect(made.count).toBe(0);
  });
});
