// Translations are bundled (no network fetch): `locales/<lang>/<namespace>.json`.
// `common` and `individual` ship in the entry bundle; `company` ships with the company flow's
// code (company-resources.ts), so the individual flow's first screen does not carry it.
import type { Resource } from 'i18next';

export const NAMESPACES = ['common', 'individual', 'company'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const ENTRY_NAMESPACES = ['common', 'individual'] as const;

const entryModules = import.meta.glob<Record<string, unknown>>('./locales/*/{common,individual}.json', {
  eager: true,
  import: 'default',
});

/** { en: { common: {...} }, ... } from glob results keyed by path. */
export function toResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang = '', ns = ''] = match;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

/** The entry bundle's namespaces for every language. */
export function bundledResources(): Resource {
  return toResources(entryModules);
}
