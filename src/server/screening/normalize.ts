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
]);
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

/** Tokens of a name: Latin, split on anything not a letter or digit, titles dropped, generic words set apart. */
export function normalizeName(s: string, kind: 'person' | 'organization' | 'other' = 'other'): NormalName {
  const script = scriptOf(s);
  const words = toLatin(s).split(/[^a-z0-9]+/u).filter(Boolean);
  const tokens: string[] = [];
  const generic: string[] = [];
  for (const w of words) {
    if (kind === 'person' && TITLES.has(w)) continue;
    // Person names keep "al", "de", "la" (they are part of the family name); companies drop them.
    if (kind !== 'person' && GENERIC_WORDS.has(w)) generic.push(w);
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
