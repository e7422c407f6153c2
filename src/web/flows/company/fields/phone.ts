// Phones must be international (+ and country code: the contract's rule). People type local
// numbers; when the business's country is known, a valid local number is rewritten for them.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { alpha3ToAlpha2 } from '../../../i18n/countries';

/** `value` in E.164 when it is a valid local number of `alpha3`; otherwise unchanged. */
export function toInternationalPhone(value: string, alpha3: string | undefined): string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('+') || !alpha3) return value;
  const alpha2 = alpha3ToAlpha2(alpha3);
  if (!alpha2) return value;
  const parsed = parsePhoneNumberFromString(trimmed, alpha2 as CountryCode);
  return parsed && parsed.isValid() ? parsed.number : value;
}
