import { describe, expect, it, vi } from 'vitest';
import type { HostedSession } from '../../contract/hosted-individual';
import { HostedApiError } from './errors';
import { createHostedClient } from './hosted-client';

const session: HostedSession = {
  processId: 'p1', status: 'started', decision: null, phase: 'capture', closedReason: null, document: null,
  captured: { documentFront: false, documentBack: false, selfie: false }, needsBack: null,
  expiresAt: '2030-01-01T00:00:00.000Z', redirect: null,
  branding: { name: 'Acme', logoUrl: null, accentColor: null, privacyPolicyUrl: null },
  liveness: { status: 'not_performed', attemptsLeft: 3, selfieUploadAllowed: false },
  resubmissionRequested: false, defaultLanguage: null, testMode: true, verificationId: 'v1',
};

const ok = (data: unknown = session) =>
  new Response(JSON.stringify({ status: true, message: 'ok', data, code: 200 }), { status: 200 });
const fail = (status: number, code?: string) =>
  new Response(JSON.stringify({ status: false, message: 'no', error: code ? { code } : null, code: status }), { status });

function client(responses: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async () => undefined);
  return { api: createHostedClient({ fetch: fetchMock as typeof fetch, sleep }), calls, sleep };
}

describe('hosted client: JSON requests', () => {
  it('reads and validates the session', async () => {
    const { api, calls } = client([ok()]);
    await expect(api.getSession('p/1')).resolves.toEqual(session);
    expect(calls[0]?.url).toBe('/api/v1/hosted/verifications/p%2F1');
    expect(calls[0]?.init?.method).toBe('GET');
  });

  it('retries network errors and 5xx with backoff, then succeeds', async () => {
    const { api, calls, sleep } = client([new TypeError('Failed to fetch'), fail(503), ok()]);
    await expect(api.getSession('p1')).resolves.toEqual(session);
    expect(calls).toHaveLength(3);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('gives up after four tries with a network error', async () => {
    const { api, calls } = client([new TypeError('x'), new TypeError('x'), new TypeError('x'), new TypeError('x')]);
    await expect(api.getSession('p1')).rejects.toMatchObject({ kind: 'network' });
    expect(calls).toHaveLength(4);
  });

  it('maps error.code and does not retry client errors', async () => {
    const { api, calls } = client([fail(409, 'closed')]);
    const error = await api.start('p1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostedApiError);
    expect(error).toMatchObject({ kind: 'closed', httpStatus: 409, retryable: false });
    expect(calls).toHaveLength(1);
  });

  it('falls back on the HTTP status when the body has no known code', async () => {
    const { api } = client([new Response('not json', { status: 404 })]);
    await expect(api.getSession('p1')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('retries rate limiting', async () => {
    const { api, calls } = client([fail(429, 'rate_limited'), ok()]);
    await expect(api.getSession('p1')).resolves.toEqual(session);
    expect(calls).toHaveLength(2);
  });

  it('rejects a response that does not match the contract', async () => {
    const { api } = client([ok({ processId: 'p1' })]);
    await expect(api.getSession('p1')).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('sends the document choice as JSON', async () => {
    const chosen = { ...session, document: { type: 'PASSPORT' as const, issuingState: 'FRA' }, needsBack: false };
    const { api, calls } = client([ok(chosen)]);
    await expect(api.chooseDocument('p1', { type: 'PASSPORT', issuingState: 'FRA' })).resolves.toEqual(chosen);
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(calls[0]?.url).toBe('/api/v1/hosted/verifications/p1/document');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ type: 'PASSPORT', issuingState: 'FRA' });
  });

  it('reads the session when a write answers without one', async () => {
    const { api, calls } = client([ok(null), ok()]);
    await expect(api.start('p1')).resolves.toEqual(session);
    expect(calls.map((c) => c.init?.method)).toEqual(['POST', 'GET']);
  });

  it('treats already_submitted on submit as done (a retry after a lost answer)', async () => {
    const submitted = { ...session, phase: 'submitted' as const, status: 'completed' as const };
    const { api, calls } = client([fail(409, 'already_submitted'), ok(submitted)]);
    await expect(api.submit('p1')).resolves.toEqual(submitted);
    expect(calls.map((c) => `${c.init?.method} ${c.url}`)).toEqual([
      'POST /api/v1/hosted/verifications/p1/submit', 'GET /api/v1/hosted/verifications/p1',
    ]);
  });
});

/** Just enough of XMLHttpRequest for xhrUpload: answers each send with the next scripted result. */
function fakeXhrFactory(script: Array<{ status: number; body: unknown } | 'network'>) {
  const sent: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
  const factory = () => {
    const xhr = {
      upload: {} as { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void },
      status: 0, responseText: '', timeout: 0,
      url: '', headers: {} as Record<string, string>,
      onload: null as null | (() => void), onerror: null as null | (() => void),
      ontimeout: null as null | (() => void), onabort: null as null | (() => void),
      open(_m: string, url: string) { xhr.url = url; },
      setRequestHeader(k: string, v: string) { xhr.headers[k] = v; },
      abort() { xhr.onabort?.(); },
      send(body: unknown) {
        sent.push({ url: xhr.url, headers: xhr.headers, body });
        const step = script.shift();
        queueMicrotask(() => {
          if (!step || step === 'network') return xhr.onerror?.();
          xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
          xhr.status = step.status;
          xhr.responseText = JSON.stringify(step.body);
          xhr.onload?.();
        });
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
  return { factory, sent };
}

describe('hosted client: media upload', () => {
  it('PUTs the bytes with their type, reports progress and retries a failed attempt', async () => {
    const captured = { ...session, captured: { ...session.captured, documentFront: true } };
    const { factory, sent } = fakeXhrFactory([
      'network',
      { status: 200, body: { status: true, message: 'ok', data: captured, code: 200 } },
    ]);
    const api = createHostedClient({ createXhr: factory, sleep: async () => undefined });
    const progress: number[] = [];
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await expect(api.uploadMedia('p1', 'document-front', image, { onProgress: (f) => progress.push(f) }))
      .resolves.toEqual(captured);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.url).toBe('/api/v1/hosted/verifications/p1/media/document-front');
    expect(sent[1]?.headers['Content-Type']).toBe('image/jpeg');
    expect(sent[1]?.body).toBe(image);
    // Reset to 0 on retry, then half, then done.
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it('fails a cancelled upload as aborted, and a lost connection as network once retries run out', async () => {
    const { factory, sent } = fakeXhrFactory([]);
    const api = createHostedClient({ createXhr: factory, sleep: async () => undefined, retry: { tries: 2, baseMs: 0, capMs: 0 } });
    const image = new Blob(['x'], { type: 'image/jpeg' });
    await expect(api.uploadMedia('p1', 'selfie', image, { signal: AbortSignal.abort() }))
      .rejects.toEqual(new HostedApiError('aborted', null, 'upload aborted'));
    expect(sent).toHaveLength(0);
    await expect(api.uploadMedia('p1', 'selfie', image)).rejects.toMatchObject({ kind: 'network', httpStatus: null, message: 'upload failed: network error' });
  });

  it('does not retry a rejected image', async () => {
    const { factory, sent } = fakeXhrFactory([
      { status: 415, body: { status: false, message: 'bad', error: { code: 'unsupported_media_type' }, code: 415 } },
    ]);
    const api = createHostedClient({ createXhr: factory, sleep: async () => undefined });
    await expect(api.uploadMedia('p1', 'selfie', new Blob(['x'], { type: 'image/jpeg' })))
      .rejects.toMatchObject({ kind: 'unsupported_media_type' });
    expect(sent).toHaveLength(1);
  });
});
