// Status polling cadence: quick at first (test-mode decisions arrive in seconds), then slower so
// a page left open for a manual review does not hammer the server.

export const POLL_FIRST_MS = 3000;
export const POLL_FACTOR = 1.5;
export const POLL_MAX_MS = 30_000;

/** Delay after the `n`-th poll (0-based); failed polls count like any other. */
export function pollDelay(n: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * POLL_FACTOR ** Math.max(0, n)));
}
