import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { SUPPORTED_LANGUAGES, directionOf, pickLanguage, preferredRegion, supportedBase } from './languages';
import { NAMESPACES, toResources } from './resources';
import { loadCompanyTexts } from './lazy-resources';
import { applyDocumentLanguage, initI18n } from './i18n';

type Tree = { [key: string]: string | Tree };

/** "a.b.c" → value for every string leaf. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

/** Keys without plural suffixes; plural families checked separately per language rules. */
function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((k) => k.replace(PLURAL, '')));
}

// Straight from the files, not through the loader under test.
const resources = toResources(import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' })) as
  Record<string, Record<string, Tree>>;

describe('translations', () => {
  it('bundles every language and namespace', () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      for (const ns of NAMESPACES) expect(resources[lang]?.[ns], `${lang}/${ns}`).toBeDefined();
    }
  });

  for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
    for (const ns of NAMESPACES) {
      it(`${lang}/${ns} has exactly the English keys and variables`, () => {
        const en = flatten(resources.en![ns]!);
        const other = flatten(resources[lang]![ns]!);
        expect([...baseKeys(other.keys())].sort()).toEqual([...baseKeys(en.keys())].sort());
        const enVars = new Map([...en].map(([k, v]) => [k.replace(PLURAL, ''), variables(v)]));
        for (const [key, value] of other) {
          // A plural form may spell its number out ("ثانيتين", two seconds) and drop {{count}}.
          const ignore = PLURAL.test(key) ? ['count'] : [];
          const strip = (vars: Array<string | undefined> = []) => vars.filter((v) => !ignore.includes(v ?? ''));
          expect(strip(variables(value)), `${lang}/${ns}:${key}`).toEqual(strip(enVars.get(key.replace(PLURAL, ''))));
          expect(value.trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
        }
      });
    }
  }

  // Codes, formats and names that read the same in every language; anything else equal to the
  // English text is an untranslated copy.
  const SAME_EVERYWHERE = /^(?:[A-Z0-9 ./,+()@:%-]*|vendorData|Selfie|selfie|Team|Status|Password|Dashboard|Postcode)$/;
  // Names of published files and formats, the same in every language.
  const PROPER_NAMES: ReadonlySet<string> = new Set(['OFAC SDN_ADVANCED.XML', 'OpenSanctions targets.simple.csv', 'OpenSanctions FollowTheMoney JSON']);
  // Reviewed: words spelt as in English in that language.
  const SAME_IN: Partial<Record<string, readonly string[]>> = {
    fr: ['Documents', 'Document', 'Test', 'Active', 'Versions', 'Version {{n}}', 'Organisation', 'Sanctions', 'Version', 'Score', '{{name}} (version {{n}})'],
    de: ['(optional)', 'Website', 'Name', '{{page}} · Dashboard', 'Person', 'Person {{id}}', 'Definition (JSON)', 'Version {{n}}', 'Passkey', 'Passkeys', 'Organisation', 'Screening', 'Version', 'Score', 'Detail'],
    nl: ['{{page}} · Dashboard', 'Document', 'Passkey', 'Passkeys', 'Screening', 'Operator', 'Score', 'Open'],
    pl: ['Screening', 'Operator'],
    es: ['No'],
    pt: ['E-mail'],
    it: ['No', 'Screening'],
    sw: ['Id'],
    yo: ['Id'],
  };
  for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang} is a translation, not a copy of English`, () => {
      const copies: string[] = [];
      for (const ns of NAMESPACES) {
        const en = flatten(resources.en![ns]!);
        for (const [key, value] of flatten(resources[lang]![ns]!)) {
          const letters = value.replace(/{{[^}]*}}/g, '').trim();
          const same = value === en.get(key.replace(/_(zero|two|few|many)$/, '_other'));
          if (same && !SAME_EVERYWHERE.test(letters) && !PROPER_NAMES.has(value) && !SAME_IN[lang]?.includes(value)) copies.push(`${ns}:${key}`);
        }
      }
      expect(copies).toEqual([]);
    });
  }

  for (const lang of SUPPORTED_LANGUAGES) {
    it(`${lang} has exactly the plural forms its language needs`, () => {
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      for (const ns of NAMESPACES) {
        const keys = [...flatten(resources[lang]![ns]!).keys()];
        const families = new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
        for (const family of families) {
          const forms = keys.filter((k) => k.replace(PLURAL, '') === family && PLURAL.test(k))
            .map((k) => PLURAL.exec(k)![1]).sort();
          expect(forms, `${lang}/${ns}:${family}`).toEqual(needed);
        }
      }
    });
  }
});

describe('language choice', () => {
  it("prefers ?lang=, then the key's default language, then the browser list, then English", () => {
    expect(pickLanguage('fr', ['de-DE'])).toBe('fr');
    expect(pickLanguage('fr', ['de-DE'], 'ha')).toBe('fr');
    expect(pickLanguage(null, ['de-DE'], 'ha')).toBe('ha');
    expect(pickLanguage('xx', ['de-DE'], 'yo')).toBe('yo');
    expect(pickLanguage('pt-BR', [])).toBe('pt');
    expect(pickLanguage('xx', ['ko-KR', 'es-MX'])).toBe('es');
    expect(pickLanguage(null, ['ja'])).toBe('ja');
    expect(pickLanguage(null, ['ko', 'th'])).toBe('en');
  });

  it('knows right-to-left languages and the browser region', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('he' as never)).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
    expect(supportedBase('AR_eg')).toBe('ar');
    expect(preferredRegion('fr', ['en-US', 'fr-BE'])).toBe('BE');
    expect(preferredRegion('fr', ['fr'])).toBeNull();
  });

  it('starts with English common only and loads one language per namespace on demand', async () => {
    vi.resetModules();
    const fresh = await import('./resources');
    expect(Object.keys(fresh.loadedResources())).toEqual(['en']);
    expect(Object.keys(fresh.loadedResources().en!)).toEqual(['common']);
    await fresh.loadTexts('pt', ['individual']);
    expect(fresh.loadedResources(['individual'])).toEqual({ pt: { individual: resources.pt!.individual } });
    expect(fresh.loadedResources(['company'])).toEqual({});
  });

  it('initialises synchronously and sets lang and dir on the root element', async () => {
    const root = { lang: '', dir: '' } as HTMLElement;
    applyDocumentLanguage('ar', root);
    expect(root).toMatchObject({ lang: 'ar', dir: 'rtl' });
    const instance = i18next.createInstance();
    const globalDoc = globalThis as { document?: unknown };
    const hadDocument = 'document' in globalDoc;
    if (!hadDocument) globalDoc.document = { documentElement: { lang: '', dir: '' } };
    try {
      initI18n('de', instance);
      expect(instance.t('back')).toBe(flatten(resources.de!.common!).get('back'));
      expect(instance.t('stepOf', { current: 2, total: 4 })).toContain('2');
      // Numbers are written as the language writes them.
      void instance.changeLanguage('fa');
      expect(instance.t('stepOf', { current: 2, total: 4 })).toContain('۲');
      expect(instance.t('stepOf', { current: 2, total: 4 })).not.toMatch(/[0-9]/);
      expect(instance.t('results', { count: 1234 })).toContain(new Intl.NumberFormat('fa').format(1234));
      void instance.changeLanguage('de');
      // The company flow adds its texts, in the person's language, to an instance without them.
      instance.removeResourceBundle('de', 'company');
      expect(instance.hasResourceBundle('de', 'company')).toBe(false);
      await loadCompanyTexts(instance);
      expect(instance.hasResourceBundle('de', 'company')).toBe(true);
      expect(instance.t('company:welcome.needBusiness')).toBe((resources.de!.company!.welcome as Tree).needBusiness);
    } finally {
      if (!hadDocument) delete globalDoc.document;
    }
  });
});
