import { describe, expect, it } from 'vitest';
import { POLL_MAX_MS, pollDelay } from './poll-delay';

describe('pollDelay', () => {
  it('starts at 3 s, grows by half each time and caps at 30 s', () => {
    expect(pollDelay(0)).toBe(3000);
    expect(pollDelay(1)).toBe(4500);
    expect(pollDelay(2)).toBe(6750);
    expect(pollDelay(20)).toBe(POLL_MAX_MS);
    for (let n = 1; n < 30; n++) expect(pollDelay(n)).toBeGreaterThanOrEqual(pollDelay(n - 1));
  });
});
