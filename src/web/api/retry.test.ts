import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETRY, backoffDelay, sleep, withRetry } from './retry';

describe('backoffDelay', () => {
  it('doubles the ceiling each retry and caps it', () => {
    const max = () => 1;
    expect(backoffDelay(1, DEFAULT_RETRY, max)).toBe(500);
    expect(backoffDelay(2, DEFAULT_RETRY, max)).toBe(1000);
    expect(backoffDelay(3, DEFAULT_RETRY, max)).toBe(2000);
    expect(backoffDelay(10, DEFAULT_RETRY, max)).toBe(8000);
  });

  it('spreads delays over [0, ceiling] (full jitter)', () => {
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.25)).toBe(500);
  });
});

describe('withRetry', () => {
  const noWait = vi.fn(async () => undefined);

  it('retries retryable failures up to the number of tries', async () => {
    const attempt = vi.fn(async () => {
      throw new Error('flaky');
    });
    await expect(withRetry(attempt, { isRetryable: () => true, sleep: noWait })).rejects.toThrow('flaky');
    expect(attempt).toHaveBeenCalledTimes(DEFAULT_RETRY.tries);
  });

  it('stops at once on a non-retryable failure', async () => {
    const attempt = vi.fn(async () => {
      throw new Error('bad input');
    });
    await expect(withRetry(attempt, { isRetryable: () => false, sleep: noWait })).rejects.toThrow('bad input');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('returns the first success and waits with growing delays in between', async () => {
    const waits: number[] = [];
    let n = 0;
    const result = await withRetry(
      async () => {
        n++;
        if (n < 3) throw new Error('again');
        return 'ok';
      },
      { isRetryable: () => true, sleep: async (ms) => void waits.push(ms), random: () => 1 },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([500, 1000]);
  });

  it('reports each retry', async () => {
    const onRetry = vi.fn();
    let n = 0;
    await withRetry(async () => {
      if (++n < 2) throw new Error('x');
      return n;
    }, { isRetryable: () => true, sleep: noWait, onRetry });
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onRetry.mock.calls[0]?.[0]).toBe(1);
  });

  it('sleep rejects when aborted', async () => {
    const ctrl = new AbortController();
    const pending = sleep(10_000, ctrl.signal);
    ctrl.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
