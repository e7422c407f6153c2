import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { toResources } from '../i18n/resources';
import { capitaliseSentences } from './customer-name';

type Tree = { [key: string]: string | Tree };

describe('capitaliseSentences', () => {
  it('capitalises the start and each sentence, leaving the rest', () => {
    expect(capitaliseSentences('the company that sent you this link will check them. the company will call.', 'en'))
      .toBe('The company that sent you this link will check them. The company will call.');
    expect(capitaliseSentences('Ask the company for a new link.', 'en')).toBe('Ask the company for a new link.');
    expect(capitaliseSentences('é bom', 'pt')).toBe('É bom');
    expect(capitaliseSentences("l'entreprise a annulé. l'entreprise…", 'fr')).toBe("L'entreprise a annulé. L'entreprise…");
  });
});

// Straight from the files: every text that receives the customer's name, per language.
const resources = toResources(import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', { eager: true, import: 'default' })) as
  Record<string, Record<string, Tree>>;

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [[path, v] as [string, string]] : leaves(v, path);
  });
}

/**
 * Texts whose {{name}} is the customer. Company texts elsewhere use {{name}} for a person or a
 * file; `welcome.title` has its own wording without a name (titleNoName); `common` titles are
 * only used with a real name.
 */
function customerTexts(lang: string): Array<[string, string]> {
  const r = resources[lang]!;
  const individual = leaves(r.individual!).map(([k, v]) => [`individual:${k}`, v] as [string, string]);
  const company = leaves(r.company!)
    .filter(([k]) => /^(welcome|done|link)\./.test(k) && k !== 'welcome.title')
    .map(([k, v]) => [`company:${k}`, v] as [string, string]);
  return [...individual, ...company].filter(([, v]) => v.includes('{{name}}'));
}

/**
 * Grammar traps for the neutral phrase (which, unlike a brand name, has an article):
 * German dative prepositions would need "dem Unternehmen"; Portuguese "a"/"de"/"em"/"por" +
 * "a empresa" must contract (à, da, na, pela); English "…this link's" reads wrong.
 */
const TRAPS: Record<string, RegExp[]> = {
  de: [/\b(von|zu|bei|mit|aus|nach|seit|gegenüber)\s+das Unternehmen/i],
  pt: [/(^|\s)(a|de|em|por)\s+a empresa/i],
  en: [/link's/],
};

describe('customer texts with the neutral phrase', () => {
  for (const lang of SUPPORTED_LANGUAGES) {
    it(`${lang}: every text reads correctly without a branding name`, () => {
      const phrase = (resources[lang]!.common!.theCompany as string | undefined) ?? '';
      expect(phrase.trim()).not.toBe('');
      const texts = customerTexts(lang);
      expect(texts.length).toBeGreaterThan(10);
      for (const [key, text] of texts) {
        const shown = capitaliseSentences(text.replaceAll('{{name}}', phrase).replaceAll('{{count}}', '3'), lang);
        for (const trap of TRAPS[lang] ?? []) expect(shown, `${lang} ${key}: ${shown}`).not.toMatch(trap);
        // German capitalises a whole sentence after a colon, which the capitaliser does not do.
        if (lang === 'de') expect(shown, `${lang} ${key}`).not.toMatch(/:\s+das Unternehmen/);
      }
    });
  }
});
