import { describe, expect, it } from 'vitest';
import { isValidPhone } from '../../../../contract/company-form';
import { toInternationalPhone } from './phone';

describe('toInternationalPhone', () => {
  it('rewrites a valid local number of the known country', () => {
    const out = toInternationalPhone('020 7946 0958', 'GBR');
    expect(out).toBe('+442079460958');
    expect(isValidPhone(out)).toBe(true);
    expect(toInternationalPhone('0803 123 4567', 'NGA')).toBe('+2348031234567');
  });

  it('leaves international, invalid, empty or country-less input alone', () => {
    expect(toInternationalPhone('+33 1 23 45 67 89', 'GBR')).toBe('+33 1 23 45 67 89');
    expect(toInternationalPhone('12', 'GBR')).toBe('12');
    expect(toInternationalPhone('', 'GBR')).toBe('');
    expect(toInternationalPhone('020 7946 0958', undefined)).toBe('020 7946 0958');
    expect(toInternationalPhone('020 7946 0958', 'XXX')).toBe('020 7946 0958');
  });
});
