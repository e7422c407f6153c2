/**
 * Runs `task` once the browser is idle after the first paint (at the latest after `timeoutMs`),
 * so prefetching never competes with what the screen shows now. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 500);
  return () => clearTimeout(id);
}
