import { describe, expect, it } from 'vitest';
import { ID_MAX_LENGTH, isPlausibleId, plausibleVerificationId } from './ids';

describe('id plausibility', () => {
  it('takes ids from one to ID_MAX_LENGTH characters', () => {
    expect(plausibleVerificationId('0f'.repeat(16))).toBe('0f'.repeat(16));
    expect(isPlausibleId('x'.repeat(ID_MAX_LENGTH))).toBe(true);
  });
  it('refuses the empty id and anything longer', () => {
    expect(plausibleVerificationId('')).toBeNull();
    expect(isPlausibleId('x'.repeat(ID_MAX_LENGTH + 1))).toBe(false);
  });
});
