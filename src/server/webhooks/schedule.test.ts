import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextRetryDelayMs, RETRY_DELAYS_MS } from './schedule';

describe('retry schedule', () => {
  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h and then stops', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelayMs(n, mid)))
      .toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextRetryDelayMs(8, mid)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('jitters by at most ±10 %', () => {
    RETRY_DELAYS_MS.forEach((base, i) => {
      expect(nextRetryDelayMs(i + 1, () => 0)).toBe(Math.round(base * 0.9));
      expect(nextRetryDelayMs(i + 1, () => 0.999999)).toBeLessThanOrEqual(Math.round(base * 1.1));
      const d = nextRetryDelayMs(i + 1)!;
      expect(d).toBeGreaterThanOrEqual(base * 0.9);
      expect(d).toBeLessThanOrEqual(base * 1.1);
    });
  });
});
