// Localised country names from the browser's own CLDR data (Intl.DisplayNames): no name lists
// to ship, and every language gets native names.
import type { ComboOption } from '../ui/combobox-filter';
import { COUNTRIES, alpha3ToAlpha2 } from './countries';

function displayNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}

export function countryName(alpha3: string, language: string): string {
  const alpha2 = alpha3ToAlpha2(alpha3);
  if (!alpha2) return alpha3;
  return displayNames(language)?.of(alpha2) ?? alpha3;
}

/** Every country as a combobox option (value = alpha-3), sorted by name in `language`. */
export function countryOptions(language: string): ComboOption[] {
  const names = displayNames(language);
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return COUNTRIES.map((c) => ({
    value: c.alpha3,
    label: names?.of(c.alpha2) ?? c.alpha3,
    keywords: `${c.alpha2} ${c.alpha3}`,
  })).sort((a, b) => collator.compare(a.label, b.label));
}
