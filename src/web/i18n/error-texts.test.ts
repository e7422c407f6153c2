import { describe, expect, it } from 'vitest';
import { hostedErrorCodeSchema } from '../../contract/hosted-individual';
import englishCommon from './locales/en/common.json';
import { errorTextKeys } from './error-texts';

describe('error texts', () => {
  it('gives every hosted error code its own message', () => {
    for (const code of hostedErrorCodeSchema.options) {
      expect(errorTextKeys(code).body, code).toBe(`errors.api.${code}`);
    }
    // No message for a code the server does not have.
    expect(Object.keys(englishCommon.errors.api).sort()).toEqual([...hostedErrorCodeSchema.options].sort());
  });

  it('says offline, busy or generic when there is no code to explain', () => {
    expect(errorTextKeys('network')).toEqual({ title: 'errors.networkTitle', body: 'errors.networkBody' });
    expect(errorTextKeys('timeout').title).toBe('errors.networkTitle');
    expect(errorTextKeys('rate_limited').title).toBe('errors.busyTitle');
    expect(errorTextKeys('server')).toEqual({ title: 'errors.genericTitle', body: 'errors.genericBody' });
    expect(errorTextKeys('toString').body).toBe('errors.genericBody');
  });
});
