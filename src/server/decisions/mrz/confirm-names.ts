import { NAME_FIELD, type ParsedMrz } from './parse-mrz';

export type NameConfirmation =
  | 'second_read_agrees' | 'second_read_disagrees' | 'second_read_unreadable' | 'names_malformed';

export interface NameCheck {
  /** A second, independent read gave the very same name field. */
  confirmed: boolean;
  how: NameConfirmation;
}

/** The MRZ's name field, fillers at its end dropped (OCR pads or trims those freely). */
export function nameField(m: Pick<ParsedMrz, 'format' | 'lines'>): string {
  const { line, start } = NAME_FIELD[m.format];
  return (m.lines[line] ?? '').slice(start).replace(/<+$/, '');
}

/**
 * No check digit covers the names, so a misread letter (`ERIKSSDX` for `ERIKSSON`) passes every
 * check: the name is confirmed only when a second read of the MRZ, made from a differently
 * prepared image (another scale and thresholding, so not the same pixels through the same
 * path), gives the same name field character for character.
 */
export function confirmNames(first: ParsedMrz, second: ParsedMrz | null): NameCheck {
  if (first.failedChecks.includes('names')) return { confirmed: false, how: 'names_malformed' };
  if (!second || second.format !== first.format) return { confirmed: false, how: 'second_read_unreadable' };
  return nameField(first) === nameField(second)
    ? { confirmed: true, how: 'second_read_agrees' }
    : { confirmed: false, how: 'second_read_disagrees' };
}
