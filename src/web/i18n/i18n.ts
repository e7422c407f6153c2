import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, directionOf, type Language } from './languages';
import { NAMESPACES, bundledResources } from './resources';

/** Initialises the shared i18next instance synchronously (resources are bundled). */
export function initI18n(language: Language, instance: i18n = i18next): i18n {
  if (!instance.isInitialized) {
    void instance.use(initReactI18next).init({
      resources: bundledResources(),
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: ['en', 'fr', 'es', 'de', 'pt', 'ar'],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // React escapes output itself.
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  } else if (instance.language !== language) {
    void instance.changeLanguage(language);
  }
  applyDocumentLanguage(language);
  return instance;
}

/** `lang` for screen readers and hyphenation, `dir` for right-to-left layout. */
export function applyDocumentLanguage(language: Language, root: HTMLElement = document.documentElement): void {
  root.lang = language;
  root.dir = directionOf(language);
}
