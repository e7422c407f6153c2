// The licence's front against its barcode: what the PDF417 says (exact, error-corrected, but
// anyone can print one) must be what the card prints (which a forger has to alter too). Pure:
// the OCR text comes in, a verdict per field goes out.

/** The fields a licence's front prints and its barcode holds, compared one by one. */
export const FRONT_FIELDS = ['lastName', 'firstName', 'dob', 'docNumber', 'expiryDate'] as const;
export type FrontField = (typeof FRONT_FIELDS)[number];
/**
 * `agrees`: printed exactly as the barcode holds it; `differs`: the front was read (other fields
 * or its labels and dates came out) and this field is not on it: another value is printed there;
 * `unread`: too little of the front came out to tell.
 */
export type FieldVerdict = 'agrees' | 'differs' | 'unread';

export interface FrontComparison {
  fields: Record<FrontField, FieldVerdict>;
  /** The OCR text held enough of a licence front to judge a missing field as different. */
  readable: boolean;
}

export interface BarcodeFields {
  lastName: string;
  firstName: string;
  dob: string;
  docNumber: string;
  expiryDate: string;
  truncated: { lastName: boolean; firstName: boolean };
}

/**
 * Labels of the AAMVA card design (and common state variants) a licence front prints beside its
 * fields; OCR often glues them to their field number ("15SEX", "4bEXP"), so a digit and one
 * letter may stand before them.
 */
const LABELS = /(?<=^|[^A-Z]|\d[A-D])(DOB|EXP|ISS|DLN?|LIC|CLASS|SEX|HGT|EYES|RSTR|END|DD|LN|FN)(?![A-Z])/g;
/** Characters OCR may glue to a number from its label ("4dDL D1234567" read "4a0LD1234567"). */
const GLUED_MAX = 5;
/** Fields agreeing that prove the text is this kind of front even without labels. */
const AGREEMENTS_FOR_READABLE = 2;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

const pad = (n: number) => String(n).padStart(2, '0');
function isoOf(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2199) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/**
 * Every date the front prints, as YYYY-MM-DD. US cards print MM/DD/YYYY, Canadian ones
 * YYYY/MM/DD or DD/MM/YYYY: a day-first or month-first reading is kept when it is a real date,
 * so an ambiguous 02/03/1990 stands for both (either may be the barcode's; neither is a guess
 * that approves alone: the names must agree too).
 */
export function datesOn(text: string): Set<string> {
  const out = new Set<string>();
  const add = (v: string | null) => { if (v) out.add(v); };
  for (const m of text.matchAll(/(?<!\d)(\d{4})[/.\- ](\d{1,2})[/.\- ](\d{1,2})(?!\d)/g)) add(isoOf(+m[1]!, +m[2]!, +m[3]!));
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})(?!\d)/g)) {
    add(isoOf(+m[3]!, +m[1]!, +m[2]!));
    add(isoOf(+m[3]!, +m[2]!, +m[1]!));
  }
  return out;
}

/** Words of letters (apostrophes and hyphens split them: O'NEIL prints as O'NEIL or ONEIL). */
const wordsOf = (s: string) => fold(s).split(/[^A-Z]+/).filter((w) => w.length > 0);

/** A name agrees when each of its words of 2+ letters is printed as a word (a truncated one as a word's start). */
function nameAgrees(value: string, printed: Set<string>, truncated: boolean): boolean {
  const words = wordsOf(value).filter((w) => w.length >= 2);
  if (!words.length) return false;
  return words.every((w, i) => printed.has(w) || (truncated && i === words.length - 1 && [...printed].some((p) => p.startsWith(w))));
}

/** The number agrees when printed as one token, or split by spaces (some states print it in groups). */
function numberAgrees(value: string, text: string): boolean {
  const want = fold(value).replace(/[^A-Z0-9]/g, '');
  if (want.length < 4) return false;
  const tokens = fold(text).split(/[^A-Z0-9]+/).filter(Boolean);
  // The whole number as a token, or ending one whose start is its label glued on: still every character, in order.
  if (tokens.some((t) => t === want || (t.endsWith(want) && t.length - want.length <= GLUED_MAX))) return true;
  // Groups: consecutive tokens whose concatenation is the number, none of them a label.
  for (let i = 0; i < tokens.length; i++) {
    let joined = '';
    for (let j = i; j < tokens.length && joined.length < want.length; j++) {
      joined += tokens[j];
      if (joined === want && j > i) return true;
    }
  }
  return false;
}

/**
 * The barcode's fields against the OCR text of the front. Nothing fuzzy agrees: a name is the
 * same word or it is not, so a misread never confirms a wrong name. A field absent from a
 * front that was read (two fields agree, or its labels and two dates came out) differs; from a
 * front that could not be read, it is unread.
 */
export function compareFront(barcode: BarcodeFields, frontText: string): FrontComparison {
  const printed = new Set(wordsOf(frontText));
  const dates = datesOn(frontText);
  const found: Record<FrontField, boolean> = {
    lastName: nameAgrees(barcode.lastName, printed, barcode.truncated.lastName),
    firstName: nameAgrees(barcode.firstName, printed, barcode.truncated.firstName),
    dob: barcode.dob !== '' && dates.has(barcode.dob),
    docNumber: numberAgrees(barcode.docNumber, frontText),
    expiryDate: barcode.expiryDate !== '' && dates.has(barcode.expiryDate),
  };
  const agreements = FRONT_FIELDS.filter((f) => found[f]).length;
  const labels = new Set([...fold(frontText).matchAll(LABELS)].map((m) => m[1]));
  const readable = agreements >= AGREEMENTS_FOR_READABLE || (labels.size >= 2 && dates.size >= 2);
  // A field the barcode leaves empty has nothing to be compared with.
  const verdict = (f: FrontField): FieldVerdict => (found[f] ? 'agrees' : readable && barcode[f] !== '' ? 'differs' : 'unread');
  const fields = Object.fromEntries(FRONT_FIELDS.map((f) => [f, verdict(f)])) as Record<FrontField, FieldVerdict>;
  return { fields, readable };
}
