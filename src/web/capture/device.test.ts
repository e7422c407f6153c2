import { describe, expect, it } from 'vitest';
import { isLikelyDesktop } from './device';

describe('isLikelyDesktop', () => {
  it('believes Chromium\'s own mobile flag first', () => {
    expect(isLikelyDesktop({ uaMobile: false, maxTouchPoints: 10 })).toBe(true);
    expect(isLikelyDesktop({ uaMobile: true, maxTouchPoints: 0 })).toBe(false);
  });

  it('otherwise treats touch points or a coarse pointer as a phone or tablet', () => {
    expect(isLikelyDesktop({ maxTouchPoints: 5, coarsePointer: false })).toBe(false);
    expect(isLikelyDesktop({ maxTouchPoints: 0, coarsePointer: true })).toBe(false);
    expect(isLikelyDesktop({ maxTouchPoints: 0, coarsePointer: false })).toBe(true);
    expect(isLikelyDesktop({})).toBe(true);
  });
});
