// The `company` namespace is downloaded by the company flow only, in the person's language.
import i18next, { type i18n } from 'i18next';
import { loadTexts, loadedResources } from './resources';
import type { Language } from './languages';

/** Downloads the company texts of the current language and adds them to the instance. */
export async function loadCompanyTexts(instance: i18n = i18next): Promise<void> {
  await loadTexts((instance.language || 'en') as Language, ['company']);
  registerCompanyResources(instance);
}

/** Adds the downloaded company texts to an initialised instance (idempotent). */
export function registerCompanyResources(instance: i18n = i18next): void {
  for (const [lang, namespaces] of Object.entries(loadedResources(['company']))) {
    const bundle = namespaces.company;
    if (bundle && !instance.hasResourceBundle(lang, 'company')) {
      instance.addResourceBundle(lang, 'company', bundle, true, true);
    }
  }
}
