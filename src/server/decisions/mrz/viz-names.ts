/**
 * The MRZ's names against the names printed in the document's visual zone (VIZ), read by another
 * OCR engine (tesseract's Latin `eng` model, not the MRZ's OCR-B one) from other pixels (the
 * printed name, not the MRZ line). Two engines on two renderings of the name rarely make the
 * same mistake, which two reads of the same MRZ line do (`CHRISTOPHF` twice).
 */
export type VizVerdict = 'agrees' | 'disagrees' | 'unreadable';

/**
 * ICAO 9303 part 3 transliterations (Latin letters with marks) the MRZ may use; the plain
 * letter (`Ü` → `U`) is tried as well, since issuers use both and a Latin OCR model drops marks.
 */
const ICAO: Record<string, string> = {
  Ä: 'AE', Ö: 'OE', Ü: 'UE', ß: 'SS', Å: 'AA', Æ: 'AE', Ø: 'OE', Œ: 'OE', Þ: 'TH', Ĳ: 'IJ', Ð: 'D', Đ: 'D', Ł: 'L', Ħ: 'H', Ŀ: 'L', Ŋ: 'N',
};

/** Words of at least this many letters are compared; shorter ones (initials, `DE`) prove little. */
const MIN_WORD = 3;

const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The visual zone's text without the MRZ's own lines, which a Latin model reads too (`<` as `K`,
 * `L`, `C`): names found there would be the MRZ confirming itself from its own pixels.
 */
export function withoutMrzLines(text: string): string {
  return text.split(/\r?\n/).filter((line) => !/[<«‹]/.test(line) && !line.split(/\s+/).some((w) => w.length >= 25)).join('\n');
}

/** Every spelling of the visual zone's words the MRZ could hold, upper case A–Z only. */
export function vizWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const line of text.toUpperCase().split(/\r?\n/)) {
    const raw = line.split(/[^\p{L}]+/u).filter(Boolean);
    const spellings = raw.map((w) => {
      const icao = stripMarks([...w].map((ch) => ICAO[ch] ?? ch).join(''));
      const plain = stripMarks(w.replace(/ß/g, 'SS'));
      return [...new Set([icao, plain].map((s) => s.replace(/[^A-Z]/g, '')).filter(Boolean))];
    });
    spellings.forEach((forms, i) => {
      for (const f of forms) {
        words.add(f);
        // `O'NEIL`, `MC DONALD` are one word in the MRZ (`ONEIL`): joins of neighbours count too.
        for (const g of spellings[i + 1] ?? []) words.add(f + g);
      }
    });
  }
  return words;
}

/** The name words of an MRZ name field (`ERIKSSON<<ANNA<MARIA`), and whether the field was cut short. */
export function mrzNameWords(field: string, fieldLength: number): { words: string[]; truncated: boolean } {
  const trimmed = field.replace(/<+$/, '');
  const words = trimmed.split('<').filter((w) => w.length >= MIN_WORD);
  // A field filled to its last character may have lost the end of its last word (ICAO truncation).
  return { words, truncated: trimmed.length >= fieldLength };
}

/** Shortest identifier (letters) matched inside a line without its spaces: `ALI` or `LI` alone proves little. */
const MIN_IDENTIFIER = 4;

/** Every spelling of a visual-zone line as the MRZ could hold it, spaces and punctuation gone (`ALI HAMADABDULLAHAL-KAABI` → `ALIHAMADABDULLAHALKAABI`). */
export function compactSpellings(line: string): string[] {
  const up = line.toUpperCase();
  const icao = stripMarks([...up].map((ch) => ICAO[ch] ?? ch).join(''));
  const plain = stripMarks(up.replace(/ß/g, 'SS'));
  const forms = [icao, plain].map((s) => s.replace(/[^A-Z]/g, '')).filter(Boolean);
  return [...new Set([...forms, ...forms.map((f) => collapse(f))])];
}

/**
 * The MRZ's primary and secondary identifiers (`AL<KAABI` and `ALI<HAMAD<ABDULLAH`), each whole
 * with its words joined, found in one printed line with the spaces taken out. A modern OCR
 * model drops or adds spaces between printed words (`ALI HAMADABDULLAHAL-KAABI`, `ROZALIAIRMA`)
 * but seldom a letter, so the whole identifier spelt letter for letter is the same evidence as
 * its words one by one; a misread (`ISHAIL`) is never inside the printed line. A substring
 * cannot see where words end: compareWithViz asks this only when no printed word is a
 * misread's worth away from a name word.
 */
export function identifiersPrinted(field: string, vizText: string): boolean {
  const [primary = '', secondary = ''] = field.replace(/<+$/, '').split(/<<(.*)/s);
  const parts = [primary, secondary].map((p) => p.replace(/</g, '')).filter(Boolean);
  if (!parts.length || parts.some((p) => p.length < MIN_IDENTIFIER)) return false;
  const lines = vizText.split(/\r?\n/).flatMap(compactSpellings);
  return parts.every((p) => lines.some((l) => l.includes(p) || l.includes(collapse(p))));
}

/** `MUELLER` and `MULLER` are one name: issuers and OCR models write umlauts either way. */
const collapse = (w: string) => w.replace(/([AOU])E/g, '$1').replace(/AA/g, 'A');

/** Levenshtein distance, stopping early once past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** One letter off in words up to 8 letters, two in longer: the size of a misread, not another name. */
const nearMax = (w: string) => (w.length <= 8 ? 1 : 2);

/**
 * What the visual zone says of the MRZ's names: `agrees` when every name word (3+ letters) is
 * printed there as spelt (the last word may be a prefix when the field was cut short);
 * `disagrees` when a word is missing but a printed word differs from it by a misread's worth
 * (one of the two reads is wrong, and nothing tells which); `unreadable` when a word is
 * simply absent (another side, a name the OCR could not read at all).
 */
export function compareWithViz(field: string, fieldLength: number, vizText: string): VizVerdict {
  const { words, truncated } = mrzNameWords(field, fieldLength);
  if (words.length === 0) return 'unreadable';
  const viz = vizWords(withoutMrzLines(vizText));
  for (const v of [...viz]) viz.add(collapse(v));
  let verdict: VizVerdict = 'agrees';
  words.forEach((word, i) => {
    const last = truncated && i === words.length - 1;
    if (viz.has(word) || viz.has(collapse(word)) || (last && [...viz].some((v) => v.startsWith(word)))) return;
    const near = [...viz].some((v) => distance(word, last ? v.slice(0, word.length) : v, nearMax(word)) <= nearMax(word));
    if (near) verdict = 'disagrees';
    else if (verdict === 'agrees') verdict = 'unreadable';
  });
  // Words not found one by one may be printed joined (spaces lost): that upgrades a blank, never
  // a misread's worth of difference (`SOPHI` inside `SOPHIE` is still a disagreement).
  return (verdict as VizVerdict) === 'unreadable' && identifiersPrinted(field, withoutMrzLines(vizText)) ? 'agrees' : verdict;
}
