import { describe, expect, it } from 'vitest';
import { parseShare, totalShare } from './ownership-total';

describe('ownership total', () => {
  it('adds in hundredths so thirds make exactly 100', () => {
    expect(totalShare([33.33, 33.33, 33.34])).toBe(100);
    expect(totalShare([60, 40.01])).toBe(100.01);
    expect(totalShare([null, undefined, Number.NaN, 25])).toBe(25);
  });

  it('reads shares typed with a comma, a percent sign or spaces', () => {
    expect(parseShare('12,5')).toBe(12.5);
    expect(parseShare(' 40 % ')).toBe(40);
    expect(parseShare('')).toBeNull();
    expect(parseShare('abc')).toBeNaN();
    expect(parseShare('1e3')).toBeNaN();
    expect(parseShare(7)).toBe(7);
  });
});
