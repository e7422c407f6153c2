// Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"):
// spreads retries of many phones that lost the network at the same moment.

export interface RetryPolicy {
  /** Total attempts including the first. */
  tries: number;
  /** Delay ceiling of the first retry, ms; doubles each retry. */
  baseMs: number;
  /** Upper bound of any single delay, ms. */
  capMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { tries: 4, baseMs: 500, capMs: 8000 };

/** Delay before retry number `retry` (1-based): uniform in [0, min(cap, base·2^(retry-1))]. */
export function backoffDelay(retry: number, policy: RetryPolicy = DEFAULT_RETRY, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(random() * ceiling);
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface RetryOptions {
  policy?: RetryPolicy;
  isRetryable: (error: unknown) => boolean;
  /** Called before each retry (e.g. to reset an upload progress bar). */
  onRetry?: (retry: number, error: unknown) => void;
  signal?: AbortSignal;
  sleep?: Sleep;
  random?: () => number;
}

/** Runs `attempt` until it succeeds, fails with a non-retryable error, or tries run out. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const wait = options.sleep ?? sleep;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= policy.tries || !options.isRetryable(error) || options.signal?.aborted) throw error;
      options.onRetry?.(n, error);
      await wait(backoffDelay(n, policy, options.random), options.signal);
    }
  }
}
