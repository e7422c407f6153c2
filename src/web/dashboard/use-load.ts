import { useCallback, useEffect, useState } from 'react';
import { DashboardError } from './dashboard-api';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'error'; error: DashboardError }
  | { state: 'ready'; data: T };

/**
 * Loads once per `key` and on `reload()`; a late answer of an older key is dropped, so fast
 * filter changes never show stale rows.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> & { reload: () => void; set: (data: T) => void } {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setResult((r) => (r.state === 'ready' ? r : { state: 'loading' }));
    load().then(
      (data) => { if (live) setResult({ state: 'ready', data }); },
      (e: unknown) => { if (live) setResult({ state: 'error', error: e instanceof DashboardError ? e : new DashboardError(0, 'unknown', String(e)) }); },
    );
    return () => { live = false; };
    // `load` changes with every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((data: T) => setResult({ state: 'ready', data }), []);
  return { ...result, reload, set };
}
