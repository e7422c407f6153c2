import { findMrzLines, mrzLikeLines, NAME_FIELD, parseMrz, type ParsedMrz } from './parse-mrz';

/** Characters two reads may differ in and still be settled: 2^8 = 256 parses at most (~1 ms each). */
const MAX_DIFFERENCES = 8;

/** Positions (line, column) of the name field: no check digit covers it, so no combination can settle it. */
function inNameField(format: ParsedMrz['format'], line: number, column: number): boolean {
  const { line: l, start } = NAME_FIELD[format];
  return line === l && column >= start;
}

/** How far a line may be off its length and still be fitted by its fillers. */
const MAX_ELASTIC = 12;

/**
 * A line fitted to `length` by its longest run of fillers, grown or shrunk (never below one):
 * a CTC recognizer sees a run of identical `<` as one long character and often gives it a few
 * too many or too few (`P<CANMARTIN<<SARAH<<<<<<<<<<` for the 44 of a passport), while the
 * characters around the run come out right. Null when the line has no such run.
 */
export function fitByFillers(line: string, length: number): string | null {
  if (line.length === length) return line;
  if (Math.abs(line.length - length) > MAX_ELASTIC) return null;
  let best: { at: number; n: number } | null = null;
  for (const m of line.matchAll(/<+/g)) if (!best || m[0].length >= best.n) best = { at: m.index, n: m[0].length };
  if (!best) return null;
  const n = best.n + length - line.length;
  if (n < 1) return null;
  return line.slice(0, best.at) + '<'.repeat(n) + line.slice(best.at + best.n);
}


/** The last `count` MRZ-like lines of an OCR text, each fitted by its fillers to `length`; null when they are not there. */
function elasticLines(text: string, count: number, length: number): string[] | null {
  const lines = mrzLikeLines(text);
  if (lines.length < count) return null;
  const fitted = lines.slice(-count).map((l) => fitByFillers(l, length));
  return fitted.every((l) => l !== null) ? fitted as string[] : null;
}

/**
 * A read whose check digits fail (`first`, tesseract's) settled by another engine's read of the
 * same lines (`otherText`): that read itself when all its checks hold (its filler runs fitted to
 * the format); else the one mix of the two reads, character by character where they differ
 * outside the names once aligned (`CAN` read `02` by one, `D` for `0` by the other), whose
 * checks all hold.
 * Two engines' errors seldom fall on the same character, so where one misread a digit the other
 * usually has it; the check digits (number, birth, expiry and composite) decide which. More than
 * one valid mix is an ambiguity, not an answer: null, as when nothing holds. The name field is
 * kept as `first` read it and is confirmed, as always, by the visual zone or another read.
 */
export function settle(first: ParsedMrz, otherText: string, today: Date): ParsedMrz | null {
  const count = first.lines.length;
  const length = first.lines[0]!.length;
  const fitted = findMrzLines(otherText) ?? elasticLines(otherText, count, length);
  const other = fitted ? parseMrz(fitted, today) : null;
  if (other?.valid) return other;
  const raw = mrzLikeLines(otherText);
  if (raw.length < count) return null;
  const otherLines = raw.slice(-count);
  const diffs: { line: number; column: number; ch: string }[] = [];
  first.lines.forEach((line, i) => {
    for (const { column, ch } of substitutions(line, otherLines[i]!)) if (!inNameField(first.format, i, column)) diffs.push({ line: i, column, ch });
  });
  if (diffs.length === 0 || diffs.length > MAX_DIFFERENCES) return null;
  const found = new Map<string, ParsedMrz>();
  for (let mask = 1; mask < 1 << diffs.length; mask++) {
    const chars = first.lines.map((l) => [...l]);
    diffs.forEach(({ line, column, ch }, bit) => { if (mask & (1 << bit)) chars[line]![column] = ch; });
    const parsed = parseMrz(chars.map((c) => c.join('')), today);
    if (parsed?.valid) found.set(parsed.lines.join('\n'), parsed);
  }
  return found.size === 1 ? [...found.values()][0]! : null;
}

/**
 * Where `other` has another character than `line` once the two are aligned (Levenshtein, unit
 * costs; ties favour a substitution): the columns of `line` and the other read's character there.
 * Characters one read has and the other has not (a miscounted filler run, a dropped letter)
 * align as gaps and are no candidates: the line keeps its own length and fields.
 */
export function substitutions(line: string, other: string): { column: number; ch: string }[] {
  const n = line.length;
  const m = other.length;
  const d = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) d[i]![j] = Math.min(d[i - 1]![j - 1]! + (line[i - 1] === other[j - 1] ? 0 : 1), d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
  }
  const out: { column: number; ch: string }[] = [];
  let [i, j] = [n, m];
  while (i > 0 && j > 0) {
    const same = line[i - 1] === other[j - 1];
    if (d[i]![j] === d[i - 1]![j - 1]! + (same ? 0 : 1)) {
      if (!same) out.push({ column: i - 1, ch: other[j - 1]! });
      i--; j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return out.reverse();
}
