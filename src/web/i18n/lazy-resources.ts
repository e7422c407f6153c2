// Namespaces downloaded on demand, in the person's language: `company` by the company flow,
// `capture` (document and liveness camera texts) by the capture screens of both flows,
// `dashboard` by the customer dashboard.
import i18next, { type i18n } from 'i18next';
import { loadTexts, loadedResources, type Namespace } from './resources';
import type { Language } from './languages';

type LazyNamespace = Exclude<Namespace, 'common' | 'individual'>;

/** Downloads one namespace of the current language and adds it to the instance. */
export async function loadLazyTexts(ns: LazyNamespace, instance: i18n = i18next): Promise<void> {
  await loadTexts((instance.language || 'en') as Language, [ns]);
  registerLazyResources(ns, instance);
}

/** Adds the downloaded texts of `ns` to an initialised instance (idempotent). */
export function registerLazyResources(ns: LazyNamespace, instance: i18n = i18next): void {
  for (const [lang, namespaces] of Object.entries(loadedResources([ns]))) {
    const bundle = namespaces[ns];
    if (bundle && !instance.hasResourceBundle(lang, ns)) instance.addResourceBundle(lang, ns, bundle, true, true);
  }
}

export const loadCompanyTexts = (instance: i18n = i18next) => loadLazyTexts('company', instance);
export const registerCompanyResources = (instance: i18n = i18next) => registerLazyResources('company', instance);
export const loadCaptureTexts = (instance: i18n = i18next) => loadLazyTexts('capture', instance);
export const registerCaptureResources = (instance: i18n = i18next) => registerLazyResources('capture', instance);
export const loadDashboardTexts = (instance: i18n = i18next) => loadLazyTexts('dashboard', instance);
