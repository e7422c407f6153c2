// Translations live in `locales/<lang>/<namespace>.json`. Only the person's language is
// downloaded (each file is its own small chunk), so the first screen carries one language, not
// six. English `common` ships in the entry bundle as the fallback for error screens shown
// before, or instead of, a language download.
import type { Resource } from 'i18next';
import englishCommon from './locales/en/common.json';
import type { Language } from './languages';

export const NAMESPACES = ['common', 'individual', 'company', 'capture', 'dashboard'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** What the individual flow and the app shell need before the first screen. */
export const ENTRY_NAMESPACES = ['common', 'individual'] as const satisfies readonly Namespace[];

type Texts = Record<string, unknown>;
const loaders = import.meta.glob<Texts>('./locales/*/*.json', { import: 'default' });
const loaded = new Map<string, Texts>([['en/common', englishCommon]]);
const inFlight = new Map<string, Promise<Texts>>();

/** { en: { common: {...} }, ... } from modules keyed by their path. */
export function toResources(modules: Record<string, Texts>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /(?:^|\/)(?:locales\/)?([^/]+)\/([^/]+?)(?:\.json)?$/.exec(path);
    if (!match) continue;
    const [, lang = '', ns = ''] = match;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

/** Downloads (once) the given namespaces of one language; rejects if any file cannot be fetched. */
export async function loadTexts(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(namespaces.map(async (ns) => {
    const id = `${language}/${ns}`;
    const load = loaders[`./locales/${id}.json`];
    if (loaded.has(id) || !load) return;
    // Two callers asking at once (the early start and the flow) share one download.
    let pending = inFlight.get(id);
    if (!pending) {
      pending = load().finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    loaded.set(id, await pending);
  }));
}

/** Puts already-downloaded texts in place (tests: every language at once, without a network). */
export function provideTexts(modules: Record<string, Texts>): void {
  for (const [lang, namespaces] of Object.entries(toResources(modules))) {
    for (const [ns, content] of Object.entries(namespaces)) loaded.set(`${lang}/${ns}`, content as Texts);
  }
}

/** Every downloaded text of the given namespaces, as i18next resources. */
export function loadedResources(namespaces: readonly Namespace[] = NAMESPACES): Resource {
  const byId = Object.fromEntries([...loaded].filter(([id]) => namespaces.includes(id.split('/')[1] as Namespace)));
  return toResources(byId);
}
