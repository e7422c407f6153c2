import { useEffect, useRef } from 'react';
import type { HostedSession } from '../../contract/hosted-individual';
import { pollDelay } from './poll-delay';

/**
 * Reads the session again and again while `active`, backing off (3 s → 30 s), and at once when
 * the page becomes visible again. Each fresh session goes to `onSession`; errors are ignored
 * (the next poll tries again).
 */
export function useSessionPoll(
  load: (signal: AbortSignal) => Promise<HostedSession>,
  onSession: (session: HostedSession) => void,
  active: boolean,
): void {
  const latest = useRef({ load, onSession });
  useEffect(() => {
    latest.current = { load, onSession };
  });

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let n = 0;
    let running = false;

    const poll = async () => {
      if (running) return;
      running = true;
      clearTimeout(timer);
      try {
        const session = await latest.current.load(controller.signal);
        if (!controller.signal.aborted) latest.current.onSession(session);
      } catch {
        // Offline or server trouble: keep polling.
      } finally {
        running = false;
        if (!controller.signal.aborted) timer = setTimeout(poll, pollDelay(n++));
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        n = 0;
        void poll();
      }
    };
    timer = setTimeout(poll, pollDelay(n++));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active]);
}
