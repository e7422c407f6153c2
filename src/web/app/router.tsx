// The hosted flows' router: the few hooks they use (location, navigate, search params) over the
// browser's history, ~1 KB instead of react-router's ~15 KB gzip before the first screen. The
// dashboard, loaded only under /dashboard, keeps react-router for its nested routes.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';

export interface FlowLocation {
  pathname: string;
  search: string;
  /** What the navigation that led here carried (history.state), null when none. */
  state: unknown;
}

export interface FlowHistory {
  location(): FlowLocation;
  push(url: string, state: unknown): void;
  replace(url: string, state: unknown): void;
  go(delta: number): void;
  listen(onChange: () => void): () => void;
}

/** The page's own history; popstate (Back, Forward) and our pushes re-render subscribers. */
export function browserHistory(): FlowHistory {
  const listeners = new Set<() => void>();
  let current: FlowLocation | null = null;
  const notify = () => { current = null; for (const l of listeners) l(); };
  return {
    location: () => (current ??= { pathname: window.location.pathname, search: window.location.search, state: window.history.state ?? null }),
    push: (url, state) => { window.history.pushState(state, '', url); notify(); },
    replace: (url, state) => { window.history.replaceState(state, '', url); notify(); },
    go: (delta) => window.history.go(delta),
    listen: (onChange) => {
      listeners.add(onChange);
      if (listeners.size === 1) window.addEventListener('popstate', notify);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener('popstate', notify);
      };
    },
  };
}

/** An in-memory history for tests: entries, an index, synchronous Back. */
export function memoryHistory(initial: string): FlowHistory {
  const toLocation = (url: string, state: unknown): FlowLocation => {
    const u = new URL(url, 'http://flow.test');
    return { pathname: u.pathname, search: u.search, state };
  };
  const entries = [toLocation(initial, null)];
  let index = 0;
  const listeners = new Set<() => void>();
  const notify = () => { for (const l of listeners) l(); };
  return {
    location: () => entries[index]!,
    push: (url, state) => { entries.splice(index + 1, Infinity, toLocation(url, state)); index += 1; notify(); },
    replace: (url, state) => { entries[index] = toLocation(url, state); notify(); },
    go: (delta) => { index = Math.min(entries.length - 1, Math.max(0, index + delta)); notify(); },
    listen: (onChange) => { listeners.add(onChange); return () => listeners.delete(onChange); },
  };
}

const HistoryContext = createContext<FlowHistory | null>(null);

export function FlowRouter({ history, children }: { history: FlowHistory; children: ReactNode }) {
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

function useHistory(): FlowHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('FlowRouter is missing');
  return history;
}

export function useLocation(): FlowLocation {
  const history = useHistory();
  return useSyncExternalStore(history.listen, history.location);
}

export interface NavigateOptions { replace?: boolean; state?: unknown }

/** navigate(url, options) or navigate(-1) (the browser's Back). */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const history = useHistory();
  return useCallback((to: string | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') history.go(to);
    else if (options.replace) history.replace(to, options.state ?? null);
    else history.push(to, options.state ?? null);
  }, [history]);
}

type SearchUpdate = URLSearchParams | ((prev: URLSearchParams) => URLSearchParams);

export function useSearchParams(): [URLSearchParams, (next: SearchUpdate, options?: NavigateOptions) => void] {
  const history = useHistory();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: SearchUpdate, options: NavigateOptions = {}) => {
    const current = history.location();
    const value = typeof next === 'function' ? next(new URLSearchParams(current.search)) : next;
    const query = value.toString();
    const url = `${current.pathname}${query ? `?${query}` : ''}`;
    if (options.replace) history.replace(url, options.state ?? null);
    else history.push(url, options.state ?? null);
  }, [history]);
  return [params, set];
}
