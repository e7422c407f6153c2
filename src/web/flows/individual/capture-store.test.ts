import { describe, expect, it, vi } from 'vitest';
import type { HostedSession } from '../../../contract/hosted-individual';
import { HostedApiError } from '../../api/errors';
import type { UploadOptions } from '../../api/hosted-client';
import { CaptureStore, confirmedSlots, uploadSummary } from './capture-store';

const session = { processId: 'p1' } as HostedSession;

/** Upload double whose calls the test settles by hand. */
function harness() {
  const calls: Array<{ slot: string; options: UploadOptions; resolve: (s: HostedSession) => void; reject: (e: unknown) => void }> = [];
  const onSession = vi.fn();
  const onError = vi.fn();
  const revoked: string[] = [];
  let n = 0;
  const store = new CaptureStore({
    upload: (slot, _blob, options) => new Promise((resolve, reject) => calls.push({ slot, options, resolve, reject })),
    onSession,
    onError,
    createUrl: () => `blob:${++n}`,
    revokeUrl: (url) => void revoked.push(url),
  });
  return { store, calls, onSession, onError, revoked };
}

const photo = (text = 'x') => new Blob([text], { type: 'image/jpeg' });
const size = { width: 10, height: 10 };

describe('CaptureStore', () => {
  it('uploads on confirm, reports progress, then hands over the new session', async () => {
    const { store, calls, onSession } = harness();
    const seen = vi.fn();
    store.subscribe(seen);
    store.confirm('selfie', photo(), size);
    expect(store.getSnapshot().selfie?.upload).toEqual({ kind: 'uploading', progress: 0 });
    calls[0]!.options.onProgress?.(0.5);
    expect(store.getSnapshot().selfie?.upload).toEqual({ kind: 'uploading', progress: 0.5 });
    calls[0]!.resolve(session);
    await store.settled();
    expect(store.getSnapshot().selfie?.upload).toEqual({ kind: 'uploaded' });
    expect(onSession).toHaveBeenCalledWith(session);
    expect(seen).toHaveBeenCalled();
  });

  it('a retake aborts the old upload, frees its URL and ignores its late answer', async () => {
    const { store, calls, onSession, revoked } = harness();
    store.confirm('document-front', photo('a'), size);
    store.confirm('document-front', photo('bb'), size);
    expect(calls[0]!.options.signal?.aborted).toBe(true);
    expect(revoked).toEqual(['blob:1']);
    calls[0]!.resolve(session);
    await Promise.resolve();
    expect(onSession).not.toHaveBeenCalled();
    expect(store.getSnapshot()['document-front']?.previewUrl).toBe('blob:2');
    expect(store.getSnapshot()['document-front']?.upload.kind).toBe('uploading');
  });

  it('marks failures, retries the retryable ones only', async () => {
    const { store, calls, onError } = harness();
    store.confirm('selfie', photo(), size);
    store.confirm('document-front', photo(), size);
    calls[0]!.reject(new HostedApiError('network', null, 'offline'));
    calls[1]!.reject(new HostedApiError('invalid_media', 400, 'bad'));
    await store.settled();
    expect(store.getSnapshot().selfie?.upload).toEqual({ kind: 'failed', error: 'network', retryable: true });
    expect(store.getSnapshot()['document-front']?.upload).toEqual({ kind: 'failed', error: 'invalid_media', retryable: false });
    expect(onError).toHaveBeenCalledTimes(2);
    expect(uploadSummary(store.getSnapshot()).failed).toHaveLength(2);
    store.retryAllFailed();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.slot).toBe('selfie');
    calls[2]!.resolve(session);
    await store.settled();
    expect(store.getSnapshot().selfie?.upload.kind).toBe('uploaded');
  });

  it('weights overall progress by bytes', () => {
    const { store, calls } = harness();
    expect(store.overallProgress()).toBe(1);
    store.confirm('document-front', photo('aaa'), size);
    store.confirm('selfie', photo('a'), size);
    calls[0]!.options.onProgress?.(1);
    expect(store.overallProgress()).toBeCloseTo(0.75);
  });

  it('lists confirmed slots and frees everything on dispose', () => {
    const { store, revoked } = harness();
    store.confirm('document-front', photo(), size);
    store.confirm('selfie', photo(), size);
    expect(confirmedSlots(store.getSnapshot())).toEqual({ 'document-front': true, selfie: true });
    store.dispose();
    expect(store.getSnapshot()).toEqual({});
    expect(revoked.sort()).toEqual(['blob:1', 'blob:2']);
  });
});
