// Keeps the on-screen hint from flickering: a new hint shows only once it has held for
// `holdMs`. Pure apart from the clock value passed in.

export type Stabiliser<T> = (value: T, nowMs: number) => T;

export function createStabiliser<T>(holdMs: number): Stabiliser<T> {
  let shown: { value: T } | null = null;
  let candidate: { value: T; since: number } | null = null;
  return (value, nowMs) => {
    if (shown === null) {
      shown = { value };
      return value;
    }
    if (Object.is(value, shown.value)) {
      candidate = null;
      return shown.value;
    }
    if (candidate === null || !Object.is(candidate.value, value)) candidate = { value, since: nowMs };
    if (nowMs - candidate.since >= holdMs) {
      shown = { value };
      candidate = null;
    }
    return shown.value;
  };
}
