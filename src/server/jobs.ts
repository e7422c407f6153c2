import type { AppContext } from './context';

export interface Jobs {
  stop(): Promise<void>;
}

/**
 * Background jobs of one server process: the webhook delivery worker and the expiry sweeper.
 * Placeholder until those land; each returns a stop() that finishes in-flight work.
 */
export function startJobs(_ctx: AppContext): Jobs {
  return { stop: async () => {} };
}
