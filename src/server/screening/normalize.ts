// Names as the matcher compares them: one Latin spelling, lower case, in tokens. Real records
// differ from list entries by diacritics, scripts, punctuation and legal forms; everything here
// removes a difference that says nothing about who a person or company is.
import anyAscii from 'any-ascii';

/** The writing system a name came in; abjads (Arabic, Hebrew) and Thai leave vowels out, so their tokens are compared by consonants. */
export type NameScript = 'latin' | 'cyrillic' | 'greek' | 'arabic' | 'hebrew' | 'cjk' | 'hangul' | 'kana' | 'thai' | 'other';

/** One normalised name: its tokens (generic words removed), the generic words, and the script it came in. */
export interface NormalName {
  tokens: string[];
  /** Legal forms and generic words (`ltd`, `trading`): they never match on their own. */
  generic: string[];
  script: NameScript;
}

// Scripts whose characters are syllables or words (one token per character, so "习近平" is "xi jin ping"; Kana is spelled by runs).
const SYLLABIC = /[\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;

/** The dominant non-Latin script of a name, else latin. */
export function scriptOf(s: string): NameScript {
  if (/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u.test(s)) return 'arabic';
  if (/[\u0590-\u05ff]/u.test(s)) return 'hebrew';
  if (/[\u0400-\u04ff]/u.test(s)) return 'cyrillic';
  if (/[\u0370-\u03ff\u1f00-\u1fff]/u.test(s)) return 'greek';
  if (/[\uac00-\ud7af\u1100-\u11ff]/u.test(s)) return 'hangul';
  if (/[\u3040-\u30ff]/u.test(s)) return 'kana';
  if (/[\u3400-\u9fff\uf900-\ufaff]/u.test(s)) return 'cjk';
  if (/[\u0e00-\u0e7f]/u.test(s)) return 'thai';
  if (/[^\p{Script=Latin}\p{P}\p{S}\p{N}\p{Z}\p{M}]/u.test(s)) return 'other';
  return 'latin';
}

/**
 * Legal forms and words common to company names in every list. A name made only of these never
 * matches; in a name with other words they count little (see GENERIC_WEIGHT in the matcher).
 */
export const GENERIC_WORDS = new Set([
  'ltd', 'limited', 'llc', 'llp', 'lp', 'plc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'cie',
  'sa', 'sas', 'sarl', 'srl', 'spa', 'gmbh', 'ag', 'kg', 'bv', 'nv', 'oy', 'ab', 'as', 'asa', 'aps', 'sl', 'sal', 'saog', 'saoc',
  'jsc', 'ojsc', 'cjsc', 'pjsc', 'ooo', 'zao', 'oao', 'pao', 'ao', 'tov', 'pte', 'pty', 'bhd', 'sdn', 'fze', 'fzco', 'fzc', 'fzllc', 'dmcc', 'wll', 'est',
  'trading', 'trade', 'group', 'holding', 'holdings', 'international', 'intl', 'global', 'enterprise', 'enterprises',
  'industries', 'industry', 'industrial', 'services', 'service', 'general', 'import', 'export', 'commercial', 'investment', 'investments',
  'the', 'and', 'of', 'for', 'de', 'del', 'la', 'le', 'el', 'al', 'y', 'et', 'und',
  'ltda', 'limitada', 'sac', 'sae', 'eirl', 'cv', 'sapi',
]);

/** Legal forms and generic words written more than one way, as one ("corporation" ≡ "corp"): two names agree on them whichever way each wrote them. */
const GENERIC_CANON: Record<string, string> = {
  limited: 'ltd', limitada: 'ltda', corporation: 'corp', company: 'co', cie: 'co', incorporated: 'inc', international: 'intl',
  holdings: 'holding', investments: 'investment', industries: 'industry', industrial: 'industry', enterprises: 'enterprise',
  services: 'service', trading: 'trade',
};
/** The one spelling of a generic word two names are compared on. */
export const canonGeneric = (w: string): string => GENERIC_CANON[w] ?? w;
// Titles and honorifics in front of a person's name say nothing about who it is.
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'madam', 'mme', 'mlle', 'herr', 'frau', 'sr', 'sra', 'jr']);

const HANGUL = /[\uac00-\ud7af]/u;

/**
 * A Hangul syllable as Korean names are written in Latin: the Revised Romanization any-ascii
 * gives ("gim jeong eun"), with the spellings passports and lists use instead (McCune–Reischauer
 * and custom: k/p/t for initial g/b/d, o for eo, u for eu, a final k): "kim jong un".
 */
function koreanSyllable(ch: string): string {
  return anyAscii(ch).toLowerCase().replace(/^g/u, 'k').replace(/^b/u, 'p').replace(/^d/u, 't')
    .replace(/eo/gu, 'o').replace(/eu/gu, 'u').replace(/(?<=[aeiou])g$/u, 'k');
}

/** Latin spelling of any script, lower case, no diacritics; syllabic scripts spaced per character. */
export function toLatin(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFKC')) {
    out += HANGUL.test(ch) ? ` ${koreanSyllable(ch)} ` : SYLLABIC.test(ch) ? ` ${anyAscii(ch)} ` : ch;
  }
  // Apostrophes and the ayn/hamza marks transliteration leaves join their neighbours ("O'Neil", "Ma'mun").
  return anyAscii(out).toLowerCase().replace(/['`\u2019\u02bc\u02bf\u02be]/gu, '');
}

/**
 * A token as the common romanizations of one sound agree on it: kh≡h, ph≡f, c/q≡k, sh/sch≡s,
 * dj≡j, y≡i, ou/oo≡u, ee≡i, ei/ey/ay/ai≡ai, doubled letters single ("khan" ~ "han", "zhou" ~
 * "zhu", "lay" ~ "lai", "hussein" ~ "husayn", "qadeer" ~ "kadir"). Two tokens with one key are
 * spelling variants (the matcher scores them just short of equal); vowels otherwise stay, so
 * "hasan" and "husain" do not meet.
 */
export function romanKey(token: string): string {
  return token
    .replace(/sch|sh/gu, 's').replace(/kh/gu, 'h').replace(/ph/gu, 'f').replace(/dj/gu, 'j').replace(/ck/gu, 'k').replace(/[cq]/gu, 'k')
    .replace(/ou|oo/gu, 'u').replace(/ee/gu, 'i').replace(/e[iy]|a[iy]/gu, 'ai').replace(/y/gu, 'i')
    .replace(/(.)\1+/gu, '$1');
}

/** Damerau distance ≤ 1 (one substitution, insertion, deletion or swap of neighbours). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const GENERIC_BY_KEY = new Map([...GENERIC_WORDS].map((w) => [romanKey(w), w]));
const LONG_GENERIC = [...GENERIC_WORDS].filter((w) => w.length >= 6);

/**
 * The generic word a company-name word is a misspelling or other spelling of ("interwnational",
 * "limtied", "compani", "korp", "grup", "ko"), or undefined: another romanization of one, or one
 * edit from a generic word of 6 letters or more, so a short distinctive word is not taken for one.
 */
export function genericVariant(w: string): string | undefined {
  if (w.length < 2) return undefined;
  const byKey = GENERIC_BY_KEY.get(romanKey(w));
  if (byKey) return byKey;
  if (w.length < 6) return undefined;
  const key = romanKey(w);
  return LONG_GENERIC.find((g) => withinOneEdit(w, g) || withinOneEdit(key, romanKey(g)));
}

/** Tokens of a name: Latin, split on anything not a letter or digit, titles dropped, generic words set apart. */
export function normalizeName(s: string, kind: 'person' | 'organization' | 'other' = 'other'): NormalName {
  const script = scriptOf(s);
  let latin = toLatin(s);
  // A company's dotted abbreviations are one word: "L.L.C." is "llc", "S.A." is "sa", "Y.A.S." is "yas".
  if (kind === 'organization') latin = latin.replace(/(?<![a-z0-9])(?:[a-z0-9]\.\s?){2,}/gu, (m) => ` ${m.replace(/[.\s]/gu, '')} `);
  const words = latin.split(/[^a-z0-9]+/u).filter(Boolean);
  const tokens: string[] = [];
  const generic: string[] = [];
  for (const w of words) {
    if (kind === 'person' && TITLES.has(w)) continue;
    // Person names keep "al", "de", "la" (they are part of the family name); companies drop them.
    if (kind !== 'person' && GENERIC_WORDS.has(w)) generic.push(canonGeneric(w));
    else if (kind === 'organization' && genericVariant(w)) generic.push(canonGeneric(genericVariant(w)!));
    else if (kind === 'person' && GENERIC_WORDS.has(w) && ['the', 'and', 'of', 'for'].includes(w)) generic.push(w);
    else tokens.push(w);
  }
  return { tokens, generic, script };
}

/**
 * The consonants of a token (vowels and the semivowels y and w dropped, doubles collapsed,
 * q≡c≡k, ph≡f): what an Arabic, Hebrew or Thai spelling writes and a Latin one agrees with
 * ("mhmd" ~ "mohamed", "dvd" ~ "david", "msh" ~ "moshe"). Digraphs (sh, kh, th) are kept: both
 * sides write them alike.
 */
export function skeleton(token: string): string {
  // A leading y or w is a consonant in every script (Yusuf, Walid); elsewhere it is often a vowel.
  const t = token.replace(/ph/gu, 'f').replace(/[qc]/gu, 'k').replace(/(?!^)[aeiouyw]|^[aeiou]/gu, '');
  // A final h is the Arabic taa marbuta or a Latin spelling's choice (Usama/Usamah, Musa/Musah).
  return t.replace(/(.)\1+/gu, '$1').replace(/(?<=.)h$/u, '');
}

/** The consonants of a whole name, its tokens joined ("bd llh" and "abdullah" both "bdlh"). */
export const joinedSkeleton = (tokens: string[]): string => skeleton(tokens.join(''));

/** An identifier as compared: letters and digits only, upper case ("A-123 456" ≡ "A123456"). */
export function normalizeIdentifier(v: string): string {
  return anyAscii(v).toUpperCase().replace(/[^A-Z0-9]/gu, '');
}
