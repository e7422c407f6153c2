import i18next, { type i18n } from 'i18next';
import { applyDocumentLanguage } from './i18n';
import type { Language } from './languages';
import { loadTexts, loadedResources, type Namespace } from './resources';

/**
 * Changes the language at run time: downloads the namespaces in use in the new language first
 * (so no screen flashes keys), adds them, then switches and sets `lang`/`dir` on the page.
 */
export async function switchLanguage(language: Language, namespaces: readonly Namespace[], instance: i18n = i18next): Promise<void> {
  await loadTexts(language, namespaces);
  const bundles = loadedResources(namespaces)[language] ?? {};
  for (const [ns, bundle] of Object.entries(bundles)) {
    if (!instance.hasResourceBundle(language, ns)) instance.addResourceBundle(language, ns, bundle, true, true);
  }
  await instance.changeLanguage(language);
  applyDocumentLanguage(language);
}
