import { parse, type Details } from 'mrz';
import type { DocInfo, DocType } from '../../../contract/document';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

export interface ParsedMrz {
  format: MrzFormat;
  /** Every check digit holds and the fields a decision needs are there. */
  valid: boolean;
  /** Names of the check digits (or required fields) that failed, e.g. `documentNumberCheckDigit`. */
  failedChecks: string[];
  docInfo: DocInfo;
  /** The expiry date lies before `today` (UTC dates). */
  expired: boolean;
}

const LENGTHS: Record<number, MrzFormat> = { 30: 'TD1', 36: 'TD2', 44: 'TD3' };

/** ICAO 9303 writes Germany as `D`; everyone else uses the alpha-3 code. */
const stateCode = (raw: string) => (raw === 'D' ? 'DEU' : /^[A-Z]{3}$/.test(raw) ? raw : '');

function docTypeOf(code: string, format: MrzFormat): DocType {
  if (code.startsWith('P')) return 'PASSPORT';
  // Residence permits: IR / AR / CR (and the French `TS`-style codes some states use).
  if (/^[IAC]R$/.test(code)) return 'RESIDENCE_PERMIT';
  return format === 'TD3' ? 'PASSPORT' : 'NATIONAL_ID';
}

/**
 * YYMMDD → YYYY-MM-DD. A birth date is never in the future; an expiry date may lie up to 50
 * years ahead (ten-year passports, long-lived ID cards) and is otherwise in the past.
 */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: Date): string {
  if (!/^\d{6}$/.test(yymmdd)) return '';
  const yy = Number(yymmdd.slice(0, 2));
  const month = yymmdd.slice(2, 4);
  const day = yymmdd.slice(4, 6);
  const thisYear = today.getUTCFullYear();
  const limit = kind === 'birth' ? thisYear : thisYear + 50;
  let year = 2000 + yy;
  if (year > limit) year -= 100;
  const iso = `${year}-${month}-${day}`;
  if (kind === 'birth' && iso > today.toISOString().slice(0, 10)) return `${year - 100}-${month}-${day}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? '' : iso;
}

/** The characters of a field straight from the lines (the parser nulls fields it dislikes). */
function raw(lines: string[], d: Details | undefined): string {
  const r = d?.ranges[0];
  return r ? (lines[r.line] ?? '').slice(r.start, r.end).replace(/</g, ' ').trim() : '';
}

/**
 * Parses and validates MRZ lines with `mrz` (check digits per ICAO 9303). Lines must already be
 * clean (see findMrzLines). A state code the parser does not know (ICAO's specimen `UTO`) is
 * not a failure: only check digits and the fields a decision needs count.
 */
export function parseMrz(lines: string[], today: Date): ParsedMrz | null {
  const format = LENGTHS[lines[0]?.length ?? 0];
  if (!format || lines.some((l) => l.length !== lines[0]!.length) || lines.length !== (format === 'TD1' ? 3 : 2)) return null;
  let result;
  try {
    result = parse(lines);
  } catch {
    return null;
  }
  const byField = new Map(result.details.map((d) => [d.field, d]));
  const field = (name: Parameters<typeof byField.get>[0]) => raw(lines, byField.get(name));
  const failedChecks = result.details.filter((d) => !d.valid && d.field?.endsWith('CheckDigit')).map((d) => d.field!);
  const docNumber = field('documentNumber').replace(/ /g, '');
  const dob = mrzDate(field('birthDate'), 'birth', today);
  const expiryDate = mrzDate(field('expirationDate'), 'expiry', today);
  for (const [name, value] of [['documentNumber', docNumber], ['birthDate', dob], ['expirationDate', expiryDate]] as const) {
    if (!value) failedChecks.push(name);
  }
  const given = (result.fields.firstName ?? field('firstName')).split(/\s+/).filter(Boolean);
  const sexRaw = field('sex');
  const docInfo: DocInfo = {
    docType: docTypeOf(field('documentCode').replace(/ /g, ''), format),
    docNumber,
    issueDate: '',
    expiryDate,
    issuingState: stateCode(field('issuingState').replace(/ /g, '')),
    firstName: given[0] ?? '',
    middleName: given.slice(1).join(' '),
    lastName: result.fields.lastName ?? field('lastName'),
    dob,
    // `<` (unspecified) is ICAO's X.
    sex: sexRaw === 'M' || sexRaw === 'F' ? sexRaw : 'X',
  };
  return {
    format, valid: failedChecks.length === 0, failedChecks, docInfo,
    expired: expiryDate !== '' && expiryDate < today.toISOString().slice(0, 10),
  };
}

const MRZ_CHARS = /^[A-Z0-9<]+$/;

/**
 * Picks the MRZ out of OCR text: lines of only MRZ characters, 2 of 44 (TD3), 2 of 36 (TD2) or
 * 3 of 30 (TD1), consecutive. OCR adds or drops a filler at the end now and then: a line within
 * two characters of the length is padded or trimmed with `<` (a trimmed character must be `<`).
 */
export function findMrzLines(text: string): string[] | null {
  const lines = text.split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, '').replace(/[«‹]/g, '<').toUpperCase())
    .filter((l) => l.length >= 20 && MRZ_CHARS.test(l));
  const fit = (l: string, n: number): string | null => {
    if (Math.abs(l.length - n) > 2) return null;
    if (l.length <= n) return l.padEnd(n, '<');
    return /^<+$/.test(l.slice(n)) ? l.slice(0, n) : null;
  };
  for (const [n, count] of [[44, 2], [36, 2], [30, 3]] as const) {
    for (let i = lines.length - count; i >= 0; i--) {
      const group = lines.slice(i, i + count).map((l) => fit(l, n));
      if (group.every((l) => l !== null)) return group as string[];
    }
  }
  return null;
}
