// React side of the autosave queue: one queue per mounted flow, status for the indicator,
// a last flush when the page is hidden, and the browser's "leave page?" prompt while unsaved.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftSectionId } from '../../../../contract/company-form';
import { CompanyApiError } from '../api/api-error';
import type { CompanyApi, SaveDraftResponse } from '../api/company-api';
import { createAutosaveQueue, type AutosaveQueue, type SaveFailure, type SaveStatus } from './autosave-queue';

export function classifySaveError(error: unknown): SaveFailure {
  if (!(error instanceof CompanyApiError)) return 'retry';
  if (error.retryable) return 'retry';
  return error.linkClosed ? 'fatal' : 'reject';
}

export interface Autosave {
  status: SaveStatus;
  schedule(section: DraftSectionId, data: unknown): void;
  setStep(step: number): void;
  /** The person agreed on the welcome screen: the next save carries `consent: true`. */
  consent(): void;
  /** Resolves true once everything typed so far is on the server. */
  flush(): Promise<boolean>;
}

export function useAutosave(
  api: Pick<CompanyApi, 'saveDraft'>,
  onSaved: (response: SaveDraftResponse) => void,
  onFatal: (error: unknown) => void,
): Autosave {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const queue = useRef<AutosaveQueue<DraftSectionId> | null>(null);
  const handlers = useRef({ onSaved, onFatal });
  useEffect(() => {
    handlers.current = { onSaved, onFatal };
  });

  // Made on first use, not in an effect: a tap that lands before effects have run (Start or
  // Send right after the screen appears) must reach a queue, not find none and report "not saved".
  const make = useCallback(() => createAutosaveQueue<DraftSectionId>({
    save: async (body) => handlers.current.onSaved(await api.saveDraft(body)),
    classify: classifySaveError,
    onStatus: setStatus,
    onFatal: (e) => handlers.current.onFatal(e),
  }), [api]);
  const get = useCallback(() => (queue.current ??= make()), [make]);

  useEffect(() => {
    const q = get();
    const onHide = () => {
      if (document.visibilityState === 'hidden') void q.flush();
    };
    // Only while something is unsaved: the prompt is the last guard against losing typing.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!q.dirty) return;
      void q.flush();
      e.preventDefault();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      if (queue.current === q) queue.current = null;
      // Unsaved typing still goes out; a clean queue just stops.
      if (q.dirty) void q.flush();
      else q.dispose();
    };
  }, [get]);

  const schedule = useCallback((section: DraftSectionId, data: unknown) => get().schedule(section, data), [get]);
  const setStep = useCallback((step: number) => get().setStep(step), [get]);
  const consent = useCallback(() => get().consent(), [get]);
  const flush = useCallback(() => get().flush(), [get]);
  return useMemo(() => ({ status, schedule, setStep, consent, flush }), [status, schedule, setStep, consent, flush]);
}
