import { parse, states, type Details, type FieldName, type ParseResult, type Range } from 'mrz';
import { alpha3Schema } from '../../../contract/common';
import type { DocInfo, DocType } from '../../../contract/document';
import { withholdUnchecked } from './withhold-fields';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

export interface ParsedMrz {
  format: MrzFormat;
  /**
   * The lines as validated: the input with letters and digits swapped back where a field
   * allows only one kind (`O`→`0` in a date, `0`→`O` in a name), as the `mrz` package does.
   */
  lines: string[];
  /** Every check digit holds and the fields no check digit covers are well formed. */
  valid: boolean;
  /**
   * What failed: `mrz`'s check digit names (`documentNumberCheckDigit`, `compositeCheckDigit`…),
   * or a field that is malformed or missing (`documentCode`, `issuingState`, `nationality`, `sex`,
   * `names`, `documentNumber`, `birthDate`, `expirationDate`).
   */
  failedChecks: string[];
  /** What the MRZ proved: every field a failed check doubts is '' (listed in `withheld`). */
  docInfo: DocInfo;
  /** docInfo fields left empty because their check digit or shape failed. */
  withheld: (keyof DocInfo)[];
  /** The expiry date lies before `today` (UTC dates); false when there is no checked expiry. */
  expired: boolean;
}

const LINES: Record<MrzFormat, { count: number; length: number }> = {
  TD1: { count: 3, length: 30 }, TD2: { count: 2, length: 36 }, TD3: { count: 2, length: 44 },
};
/** Where the name field sits: TD1 has a line of its own, TD2/TD3 the first line after the state. */
export const NAME_FIELD: Record<MrzFormat, { line: number; start: number }> = {
  TD1: { line: 2, start: 0 }, TD2: { line: 0, start: 5 }, TD3: { line: 0, start: 5 },
};
/**
 * ICAO 9303 name field: primary identifier, optionally `<<` and the secondary identifier, name
 * parts joined by single `<`, then fillers. No check digit covers names, so this shape is the
 * only guard against OCR noise there (a stray letter after the fillers, a dropped character).
 */
const NAME_SHAPE = /^(?=.*[A-Z])([A-Z]+(<[A-Z]+)*)?(<<[A-Z]+(<[A-Z]+)*)?<*$/;
/** States are 3 letters, or fewer padded with `<` (Germany's `D<<`). */
const STATE_SHAPE = /^[A-Z]{3}$|^[A-Z]{1,2}<{1,2}$/;
/**
 * No check digit covers the issuing state or the nationality either: a misread letter (`NLO` for
 * `NLD`) would pass every check, so only codes ICAO 9303 lists (`mrz`'s table, with Germany's `D`
 * and the organisations' and stateless codes) pass, plus `UTO`, ICAO's own specimen state.
 */
const knownState = (raw: string) => STATE_SHAPE.test(raw) && (raw.replace(/</g, '') === 'UTO' || raw.replace(/</g, '') in states);

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * YYMMDD → YYYY-MM-DD, '' if not a calendar date. A birth date is never after `today`; an
 * expiry date may lie up to 50 years ahead (ten-year passports, long-lived ID cards), else it is
 * in the past.
 */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: Date): string {
  if (!/^\d{6}$/.test(yymmdd)) return '';
  const [yy, month, day] = [Number(yymmdd.slice(0, 2)), yymmdd.slice(2, 4), yymmdd.slice(4, 6)];
  const limit = today.getUTCFullYear() + (kind === 'birth' ? 0 : 50);
  let year = 2000 + yy;
  if (year > limit) year -= 100;
  // 29 February needs the century settled first, so check the calendar after each choice.
  const valid = (y: number) => {
    const iso = `${y}-${month}-${day}`;
    const d = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && isoDate(d) === iso ? iso : '';
  };
  const iso = valid(year);
  if (iso && kind === 'birth' && iso > isoDate(today)) return valid(year - 100);
  return iso;
}

/** The `<`-free residue of a field: fillers become spaces, trimmed. */
const clean = (s: string) => s.replace(/</g, ' ').trim();

function docTypeOf(code: string): DocType | '' {
  if (code.startsWith('P')) return 'PASSPORT';
  // Residence permits in the ID card formats (IR, AR, CR: e.g. the EU uniform residence permit).
  if (/^[IAC]R$/.test(code)) return 'RESIDENCE_PERMIT';
  if (/^[IAC]/.test(code)) return 'NATIONAL_ID';
  return '';
}

/** ICAO writes Germany as `D`; the contract wants alpha-3, else ''. */
function stateCode(raw: string): string {
  const code = raw.replace(/</g, '');
  const alpha3 = code === 'D' ? 'DEU' : code;
  return alpha3Schema.safeParse(alpha3).success ? alpha3 : '';
}

/**
 * `mrz` records each field's characters after its own letter/digit correction in
 * `ranges[].raw` (missing from its types); laying them over the input gives the corrected lines.
 */
function correctedLines(lines: string[], result: ParseResult): string[] {
  const out = lines.map((l) => [...l]);
  for (const d of result.details) {
    for (const r of d.ranges as (Range & { raw?: string })[]) {
      if (typeof r.raw !== 'string' || r.raw.length !== r.end - r.start) continue;
      out[r.line]?.splice(r.start, r.raw.length, ...r.raw);
    }
  }
  return out.map((c) => c.join(''));
}

function parseWith(lines: string[], autocorrect: boolean): ParseResult | null {
  try {
    return parse(lines, { autocorrect });
  } catch {
    return null;
  }
}

/**
 * Parses and validates clean MRZ lines (see findMrzLines) with `mrz`: check digits per ICAO
 * 9303, plus the shape of the fields no check digit covers, and the states against ICAO's list
 * (knownState: a misread state is otherwise invisible). Returns null
 * for lines that are no TD1/TD2/TD3 MRZ (wrong count or length, the pre-2021 French ID card).
 */
export function parseMrz(input: string[], today: Date): ParsedMrz | null {
  const format = (Object.keys(LINES) as MrzFormat[]).find((f) => LINES[f].length === input[0]?.length);
  if (!format || input.length !== LINES[format].count || input.some((l) => l.length !== LINES[format].length)) return null;
  const first = parseWith(input, true);
  if (!first || first.format !== format) return null;
  const lines = correctedLines(input, first);
  const result = parseWith(lines, false);
  if (!result || result.format !== format) return null;

  const detail = (name: FieldName): Details | undefined => result.details.find((d) => d.field === name);
  /** The field's own characters, whatever the parser thought of them. */
  const raw = (name: FieldName) => {
    const r = detail(name)?.ranges[0];
    return r ? (lines[r.line] ?? '').slice(r.start, r.end) : '';
  };
  const failedChecks: string[] = result.details.filter((d) => !d.valid && d.field?.endsWith('CheckDigit')).map((d) => d.field!);
  const fail = (name: string) => { if (!failedChecks.includes(name)) failedChecks.push(name); };

  // Long TD1 document numbers continue in the optional field; `mrz` joins them once checked.
  const numberChecked = detail('documentNumberCheckDigit')?.valid === true;
  const docNumber = (numberChecked && result.documentNumber) || clean(raw('documentNumber')).replace(/ /g, '');
  const dob = mrzDate(raw('birthDate'), 'birth', today);
  const expiryDate = mrzDate(raw('expirationDate'), 'expiry', today);
  const sexRaw = raw('sex');
  const nameLine = lines[NAME_FIELD[format].line]!.slice(NAME_FIELD[format].start);

  if (!detail('documentCode')?.valid) fail('documentCode');
  if (!knownState(raw('issuingState'))) fail('issuingState');
  if (!knownState(raw('nationality'))) fail('nationality');
  if (!/^[MFX<]$/.test(sexRaw)) fail('sex');
  if (!NAME_SHAPE.test(nameLine)) fail('names');
  if (!docNumber) fail('documentNumber');
  if (!dob) fail('birthDate');
  if (!expiryDate) fail('expirationDate');

  const [primary = '', secondary = ''] = nameLine.split(/<<(.*)/s);
  const given = clean(secondary).split(/ +/).filter(Boolean);
  const read: DocInfo = {
    docType: docTypeOf(clean(raw('documentCode'))),
    docNumber,
    issueDate: '',
    expiryDate,
    issuingState: stateCode(raw('issuingState')),
    firstName: given[0] ?? '',
    middleName: given.slice(1).join(' '),
    lastName: clean(primary),
    dob,
    // ICAO 9303 prints `<` (or, lately, `X`) for unspecified: the contract's 'X'. '' = unreadable.
    sex: sexRaw === 'M' || sexRaw === 'F' ? sexRaw : sexRaw === '<' || sexRaw === 'X' ? 'X' : '',
  };
  const { docInfo, withheld } = withholdUnchecked(read, failedChecks);
  return {
    format, lines, valid: failedChecks.length === 0, failedChecks, docInfo, withheld,
    expired: docInfo.expiryDate !== '' && docInfo.expiryDate < isoDate(today),
  };
}

const MRZ_CHARS = /^[A-Z0-9<]+$/;

/** An OCR text's lines of 20+ MRZ characters, spaces gone, `«` `‹` as fillers, upper case: what findMrzLines and settle-reads work on. */
export function mrzLikeLines(text: string): string[] {
  return text.split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, '').replace(/[«‹]/g, '<').toUpperCase())
    .filter((l) => l.length >= 20 && MRZ_CHARS.test(l));
}

/**
 * Picks the MRZ out of OCR text: consecutive lines of only MRZ characters, 2 of 44 (TD3), 2 of
 * 36 (TD2) or 3 of 30 (TD1), the lowest group on the page. Spaces go; characters outside the MRZ
 * alphabet that can only be a filler (`«`, `‹`) become `<`; lower case becomes upper case. OCR
 * adds or drops a filler at a line's end now and then: a line within two characters of the
 * length is padded or trimmed with `<` (only `<` is ever trimmed). Check digits judge the rest.
 */
export function findMrzLines(text: string): string[] | null {
  const lines = mrzLikeLines(text);
  const fit = (l: string, n: number): string | null => {
    if (Math.abs(l.length - n) > 2) return null;
    if (l.length <= n) return l.padEnd(n, '<');
    return /^<+$/.test(l.slice(n)) ? l.slice(0, n) : null;
  };
  for (const { count, length } of [LINES.TD3, LINES.TD2, LINES.TD1]) {
    for (let i = lines.length - count; i >= 0; i--) {
      const group = lines.slice(i, i + count).map((l) => fit(l, length));
      if (group.every((l) => l !== null)) return group as string[];
    }
  }
  return null;
}
