import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { HostedSession } from '../../../contract/hosted-individual';
import { HostedApiError } from '../../api/errors';
import { uploadSummary, type CaptureStore } from './capture-store';

export type SubmissionState =
  | { kind: 'uploading' }
  | { kind: 'submitting' }
  /** Uploads kept failing (network): the person can try again. */
  | { kind: 'upload-failed' }
  /** A photo was refused: back to the review to retake it. */
  | { kind: 'needs-retake' }
  | { kind: 'error'; error: HostedApiError };

/**
 * Drives the submitting step: waits for the uploads still running (retrying failed ones once
 * more), then POST …/submit. `submit` resolves with the submitted session.
 */
export function useSubmission(store: CaptureStore, submit: () => Promise<HostedSession>, onSubmitted: (s: HostedSession) => void) {
  const [state, setState] = useState<SubmissionState>({ kind: 'uploading' });
  const [attempt, setAttempt] = useState(0);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const latest = useRef({ submit, onSubmitted });
  useEffect(() => {
    latest.current = { submit, onSubmitted };
  });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      setState({ kind: 'uploading' });
      store.retryAllFailed();
      await store.settled();
      if (cancelled) return;
      const { failed } = uploadSummary(store.getSnapshot());
      if (failed.some((e) => e.upload.kind === 'failed' && !e.upload.retryable)) return setState({ kind: 'needs-retake' });
      if (failed.length) return setState({ kind: 'upload-failed' });
      setState({ kind: 'submitting' });
      try {
        const session = await latest.current.submit();
        if (!cancelled) latest.current.onSubmitted(session);
      } catch (e) {
        if (!cancelled) setState({ kind: 'error', error: e instanceof HostedApiError ? e : new HostedApiError('unknown', null, String(e)) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [store, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Recomputed from the store snapshot so the bar moves with each progress event.
  const progress = snapshot ? store.overallProgress() : 1;
  return { state, progress, retry };
}
