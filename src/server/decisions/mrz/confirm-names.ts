import { NAME_FIELD, type ParsedMrz } from './parse-mrz';

export type NameConfirmation =
  | 'visual_zone_agrees' | 'visual_zone_disagrees'
  | 'second_read_agrees' | 'second_read_disagrees' | 'second_read_unreadable' | 'names_malformed' | 'resolution_too_low'
  | 'other_engine_agrees' | 'other_engine_disagrees';

export interface NameCheck {
  /** The visual zone (another engine, other pixels) or, failing it, a second read gave the very same name field. */
  confirmed: boolean;
  how: NameConfirmation;
}

/** The MRZ's name field, fillers at its end dropped (OCR pads or trims those freely). */
export function nameField(m: Pick<ParsedMrz, 'format' | 'lines'>): string {
  const { line, start } = NAME_FIELD[m.format];
  return (m.lines[line] ?? '').slice(start).replace(/<+$/, '');
}

/**
 * What one other read says of the name field: the same, something else, or nothing like a name
 * line. TD1 keeps the issuing state (which no check digit covers either) on another line than
 * the names: that line must start the same way too.
 */
function verdict(expected: string, state: string | null, text: string | null): 'agrees' | 'disagrees' | 'unreadable' {
  const lines = (text ?? '').split(/\r?\n/).map((l) => l.replace(/\s+/g, '').replace(/[«‹]/g, '<').toUpperCase());
  const stateAgrees = state === null || lines.some((l) => l.startsWith(state));
  if (stateAgrees && lines.some((l) => l.startsWith(expected) && /^<*$/.test(l.slice(expected.length)))) return 'agrees';
  // A line that looks like the name line but says something else is a disagreement, not a blank.
  return lines.some((l) => l.length >= expected.length - 2 && /^[A-Z<]+$/.test(l) && l.includes('<<')) ? 'disagrees' : 'unreadable';
}

/**
 * No check digit covers the names, so a misread letter (`ERIKSSDX` for `ERIKSSON`) passes every
 * check: the name is confirmed only when another read of the MRZ, made from a differently
 * prepared image (another scale or thresholding, so not the same pixels through the same
 * path), holds the same name field character for character (on the line where the format puts
 * it, after the same document code and state for TD2/TD3, followed by nothing but fillers) and
 * the same document code and issuing state, and no other read holds a different name. The rest
 * of those reads need not parse.
 */
export function confirmNames(first: ParsedMrz, others: (string | null)[]): NameCheck {
  if (first.failedChecks.includes('names')) return { confirmed: false, how: 'names_malformed' };
  const { line, start } = NAME_FIELD[first.format];
  const expected = (first.lines[line] ?? '').slice(0, start) + nameField(first);
  const state = first.format === 'TD1' ? (first.lines[0] ?? '').slice(0, 5) : null;
  const verdicts = others.map((t) => verdict(expected, state, t));
  if (verdicts.includes('disagrees')) return { confirmed: false, how: 'second_read_disagrees' };
  return verdicts.includes('agrees') ? { confirmed: true, how: 'second_read_agrees' } : { confirmed: false, how: 'second_read_unreadable' };
}

/** The reads so far agree or disagree: another read is needed only while none could read the name line. */
export const namesSettled = (check: NameCheck) => check.how !== 'second_read_unreadable';
