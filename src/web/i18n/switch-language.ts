import i18next, { type i18n } from 'i18next';
import { applyDocumentLanguage } from './i18n';
import type { Language } from './languages';
import { NAMESPACES, loadTexts, loadedResources, type Namespace } from './resources';

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

/** The namespaces the page has in its current language (`common` at least). */
export function namespacesInUse(instance: i18n = i18next): Namespace[] {
  const inUse = NAMESPACES.filter((ns) => instance.hasResourceBundle(instance.language, ns));
  return inUse.length ? inUse : ['common'];
}
