import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withRetry } from '../api/retry';
import { numberFormatter } from './number-format';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, directionOf, type Language } from './languages';
import { ENTRY_NAMESPACES, NAMESPACES, loadTexts, loadedResources } from './resources';

/**
 * Initialises the shared i18next instance synchronously with the texts downloaded so far
 * (English `common` always; tests provide every language up front).
 */
export function initI18n(language: Language, instance: i18n = i18next): i18n {
  if (!instance.isInitialized) {
    void instance.use(initReactI18next).use(numberFormatter).init({
      resources: loadedResources(),
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // React escapes output itself.
      // React escapes output itself; numbers are written by Intl in the text's language.
      interpolation: { escapeValue: false, alwaysFormat: true },
      initAsync: false,
      returnNull: false,
    });
  } else if (instance.language !== language) {
    void instance.changeLanguage(language);
  }
  applyDocumentLanguage(language);
  return instance;
}

/**
 * Downloads the first screen's texts in the person's language (retrying on a flaky network),
 * then initialises. Resolves false when they could not be fetched: the caller shows the
 * English offline screen rather than keys.
 */
export async function startI18n(language: Language, instance: i18n = i18next): Promise<boolean> {
  let ok = true;
  await withRetry(() => loadTexts(language, ENTRY_NAMESPACES), {
    isRetryable: () => true,
    policy: { tries: 3, baseMs: 500, capMs: 4000 },
  }).catch(() => { ok = false; });
  initI18n(ok ? language : FALLBACK_LANGUAGE, instance);
  return ok;
}

/** `lang` for screen readers and hyphenation, `dir` for right-to-left layout. */
export function applyDocumentLanguage(language: Language, root: HTMLElement = document.documentElement): void {
  root.lang = language;
  root.dir = directionOf(language);
}
