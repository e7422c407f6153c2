import { describe, expect, it } from 'vitest';
import { countOf, dayLabel, durationOf, lastDays, percentOf } from './overview-format';

describe('overview formats', () => {
  it('writes shares, counts and times in the reader\'s language', () => {
    expect(percentOf(1, 4, 'en')).toBe('25%');
    expect(percentOf(1, 3, 'fr')).toMatch(/^33,3\s?%$/);
    expect(percentOf(1, 0, 'en')).toBe('–');
    expect(countOf(1234567, 'de')).toBe('1.234.567');
    expect(durationOf(42, 'en')).toBe('42 sec');
    expect(durationOf(300, 'en')).toBe('5 min');
    expect(durationOf(null, 'en')).toBe('–');
    expect(dayLabel('2026-03-05', 'en')).toBe('Mar 5');
  });

  it('counts a period of days back from today, today included', () => {
    expect(lastDays(7, new Date('2026-12-03T18:00:00Z'))).toEqual({ from: '2026-11-27', to: '2026-12-03' });
    expect(lastDays(1, new Date('2026-12-03T00:00:00Z'))).toEqual({ from: '2026-12-03', to: '2026-12-03' });
  });
});
