import { useCallback, useEffect, useRef, useState } from 'react';
import type { HostedSession } from '../../../contract/hosted-individual';
import { isHostedApiError, type ApiErrorKind } from '../../api/errors';
import type { HostedClient } from '../../api/hosted-client';

export type SessionLoad =
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'error'; error: ApiErrorKind }
  | { kind: 'ready'; session: HostedSession };

/**
 * The server's session: the single source of truth for where the person stands. `sessionRef`
 * always holds the latest one, so handlers that run right after an update decide on fresh data.
 */
export function useHostedSession(api: HostedClient, processId: string) {
  const [load, setLoad] = useState<SessionLoad>({ kind: 'loading' });
  const sessionRef = useRef<HostedSession | null>(null);

  const setSession = useCallback((session: HostedSession) => {
    sessionRef.current = session;
    setLoad({ kind: 'ready', session });
  }, []);

  const fetchSession = useCallback(async (signal?: AbortSignal) => {
    try {
      setSession(await api.getSession(processId, signal));
    } catch (error) {
      if (signal?.aborted || isHostedApiError(error, 'aborted')) return;
      if (isHostedApiError(error, 'not_found')) {
        sessionRef.current = null;
        setLoad({ kind: 'unknown' });
        return;
      }
      // Keep showing a loaded session through a failed refresh; the next action retries.
      if (sessionRef.current) return;
      setLoad({ kind: 'error', error: isHostedApiError(error) ? error.kind : 'unknown' });
    }
  }, [api, processId, setSession]);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSession(controller.signal);
    return () => controller.abort();
  }, [fetchSession]);

  const reload = useCallback(() => {
    if (!sessionRef.current) setLoad({ kind: 'loading' });
    return fetchSession();
  }, [fetchSession]);

  return { load, sessionRef, setSession, reload };
}
