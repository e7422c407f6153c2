import type { AppContext } from '../context';

// Minimal placeholder so jobs.ts compiles; the expiry work replaces this file.
export function startExpirySweeper(_ctx: AppContext): { stop(): Promise<void> } {
  return { stop: async () => {} };
}
