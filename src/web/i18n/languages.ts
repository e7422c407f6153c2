// How a language is picked: `?lang=` first, then the key's default language, then the browser's
// list, then English.

import { RTL_LANGUAGES, SUPPORTED_LANGUAGES, type Language } from '../../contract/languages';

export { SUPPORTED_LANGUAGES, type Language };
export const FALLBACK_LANGUAGE: Language = 'en';

/** Base language of a BCP 47 tag if we support it: "pt-BR" → "pt", "zz" → null. */
export function supportedBase(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

export function pickLanguage(queryLang: string | null, browserLanguages: readonly string[], keyDefault: Language | null = null): Language {
  const fromQuery = supportedBase(queryLang);
  if (fromQuery) return fromQuery;
  if (keyDefault) return keyDefault;
  for (const tag of browserLanguages) {
    const base = supportedBase(tag);
    if (base) return base;
  }
  return FALLBACK_LANGUAGE;
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/**
 * Region of the browser's preferred tag for the chosen language ("fr-BE" → "BE"), used to
 * suggest an issuing country. Null when the browser gives no region.
 */
export function preferredRegion(language: Language, browserLanguages: readonly string[]): string | null {
  for (const tag of browserLanguages) {
    if (supportedBase(tag) !== language) continue;
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Malformed tag from the browser: ignore it.
    }
  }
  return null;
}
