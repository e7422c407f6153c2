import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withRetry } from '../api/retry';
import { loadCaptureTexts } from './lazy-resources';

/**
 * True once the `capture` texts (camera hints, liveness instructions) of the current language
 * are in place. They are prefetched with the capture screens; a failed download is retried,
 * then the screen renders anyway (English falls back where a language is missing).
 */
export function useCaptureTexts(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(i18n.language, 'capture'));
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    const done = () => { if (!cancelled) setReady(true); };
    void withRetry(() => loadCaptureTexts(i18n), { isRetryable: () => true, policy: { tries: 3, baseMs: 500, capMs: 4000 } })
      .then(done, done);
    return () => { cancelled = true; };
  }, [i18n, ready]);
  return ready;
}
