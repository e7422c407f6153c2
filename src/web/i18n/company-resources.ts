// The `company` namespace for every language, bundled with the company flow's chunk. Import
// this module (and call registerCompanyResources) from company code and its tests.
import i18next, { type i18n, type Resource } from 'i18next';
import { toResources } from './resources';

const companyModules = import.meta.glob<Record<string, unknown>>('./locales/*/company.json', {
  eager: true,
  import: 'default',
});

export function companyResources(): Resource {
  return toResources(companyModules);
}

/** Adds the company texts to an initialised instance (idempotent). */
export function registerCompanyResources(instance: i18n = i18next): void {
  for (const [lang, namespaces] of Object.entries(companyResources())) {
    const bundle = namespaces.company;
    if (bundle && !instance.hasResourceBundle(lang, 'company')) {
      instance.addResourceBundle(lang, 'company', bundle, true, true);
    }
  }
}
