import { describe, expect, it } from 'vitest';
import { isOverdue, waitingFor } from './waiting-time';

describe('waiting time', () => {
  const now = '2026-12-03T12:00:00.000Z';
  it('uses the largest unit that fits, in the reviewer\'s language', () => {
    expect(waitingFor('2026-12-03T11:15:00.000Z', now, 'en')).toBe('45 min');
    expect(waitingFor('2026-12-03T07:00:00.000Z', now, 'en')).toBe('5 hr');
    expect(waitingFor('2026-12-01T13:00:00.000Z', now, 'en')).toBe('47 hr');
    expect(waitingFor('2026-11-28T12:00:00.000Z', now, 'en')).toBe('5 days');
    expect(waitingFor('2026-11-28T12:00:00.000Z', now, 'de')).toBe('5 Tg.');
    // A submission stamped a little ahead of the list's clock is not negative.
    expect(waitingFor('2026-12-03T12:00:30.000Z', now, 'en')).toBe('0 min');
  });
  it('is overdue only past the due date', () => {
    expect(isOverdue('2026-12-03T11:59:59.000Z', now)).toBe(true);
    expect(isOverdue('2026-12-03T12:00:01.000Z', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});
