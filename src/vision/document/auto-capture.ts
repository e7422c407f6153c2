// Decides when to take the picture by itself: the frame has been right, and the card still, for
// a moment. Pure; the caller passes the time.

/** How long every frame must have been ready, ms: long enough to be steady, short enough to feel instant. */
export const STEADY_MS = 800;

export interface AutoCapture {
  /** Feeds one analysed frame; true exactly once, when the picture should be taken. */
  update(ready: boolean, atMs: number): boolean;
  /** Forget everything (a retake): the next steady stretch fires again. */
  reset(): void;
}

export function createAutoCapture(steadyMs = STEADY_MS): AutoCapture {
  let since: number | null = null;
  let fired = false;
  return {
    update(ready, atMs) {
      if (fired) return false;
      if (!ready) {
        since = null;
        return false;
      }
      since ??= atMs;
      if (atMs - since < steadyMs) return false;
      fired = true;
      return true;
    },
    reset() {
      since = null;
      fired = false;
    },
  };
}
