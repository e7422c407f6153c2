// The labelled fields of a document's visual zone (surname, given names, birth and expiry dates,
// number, sex), for documents with neither an MRZ nor a barcode (many ID cards, older licences).
// Pure: PP-OCR's lines in, a partial docInfo out. What it finds only prefills a specialist's
// case: nothing checks it, so it never approves.
import type { TextLine } from '../ocr/pp-ocr';

export interface VizFields {
  lastName: string;
  firstName: string;
  dob: string;
  expiryDate: string;
  issueDate: string;
  docNumber: string;
  sex: 'M' | 'F' | 'X' | '';
  /** Which fields were found (labels matched and a value read). */
  found: string[];
}

type Field = 'lastName' | 'firstName' | 'dob' | 'expiryDate' | 'issueDate' | 'docNumber' | 'sex';

/**
 * Labels as documents print them, in the languages of most issuers (often two on one card:
 * "Nom / Surname"), plus the AAMVA card design's numbers (1 family name, 2 given names, 3 date
 * of birth, 4a issue, 4b expiry, 4d number, 15 sex). Matched on the folded, upper-case line.
 */
const LABELS: [Field, RegExp][] = [
  ['lastName', /^(?:1\s|SURNAME|FAMILY NAME|LAST NAME|NOM(?! D)|NACHNAME|FAMILIENNAME|APELLIDOS?|COGNOME|ACHTERNAAM|NAZWISKO|SOBRENOME|PRIEZVISKO|PRIJMENI|SUKUNIMI|EFTERNAMN|EFTERNAVN|ETTERNAVN|VEZETEKNEV|PRIMER APELLIDO)\b/],
  ['firstName', /^(?:2\s|GIVEN NAMES?|FIRST NAMES?|FORENAMES?|PRENOMS?|VORNAMEN?|NOMBRES?|NOME(?!\s*DE)|VOORNAMEN|IMIONA?|ETUNIMET|FORNAMN|FORNAVN|UTONEV|KRESTNE)\b/],
  ['dob', /^(?:3\s|DOB\b|DATE OF BIRTH|BIRTH ?DATE|BORN|DATE DE NAISSANCE|GEBURTSDATUM|GEBOREN|FECHA DE NACIMIENTO|DATA DI NASCITA|GEBOORTEDATUM|DATA URODZENIA|DATA DE NASCIMENTO|SYNTYMAAIKA|FODELSEDATUM|FODSELSDATO)/],
  ['issueDate', /^(?:4A\s|ISS\b|DATE OF ISSUE|ISSUE DATE|ISSUED|DATE DE DELIVRANCE|AUSSTELLUNGSDATUM|FECHA DE EXPEDICION|DATA DI RILASCIO|DATUM VAN AFGIFTE|DATA WYDANIA)/],
  ['expiryDate', /^(?:4B\s|EXP\b|EXPIRES|DATE OF EXPIRY|EXPIRY DATE|EXPIRATION|VALID UNTIL|VALID THRU|DATE D.EXPIRATION|GULTIG BIS|FECHA DE CADUCIDAD|VALIDO HASTA|DATA DI SCADENZA|GELDIG TOT|DATA WAZNOSCI|WAZNY DO)/],
  ['docNumber', /^(?:4D\s*(?:DLN?|LIC)?|DLN?\b|LIC\b|DOCUMENT (?:NO|NUMBER)|CARD (?:NO|NUMBER)|ID (?:NO|NUMBER)|PASSPORT NO|N[O°º]\.? DU DOCUMENT|DOKUMENTENNUMMER|AUSWEISNUMMER|NUM(?:ERO)? DE DOCUMENTO|NUMERO DOCUMENTO|DOCUMENTNUMMER|NR DOKUMENTU)/],
  ['sex', /^(?:15\s|SEX\b|SEXE\b|GESCHLECHT|SEXO\b|SESSO\b|GESLACHT|PLEC\b)/],
];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
const MONTHS: Record<string, number> = {
  JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12,
  JANV: 1, FEVR: 2, MARS: 3, AVR: 4, MAI: 5, JUIN: 6, JUIL: 7, AOUT: 8, SEPT: 9, DEZ: 12, OKT: 10, MRZ: 3, ENE: 1, ABR: 4, AGO: 8, DIC: 12,
};
const pad = (n: number) => String(n).padStart(2, '0');
function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += y > 40 ? 1900 : 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2199) return null;
  return new Date(Date.UTC(y, m - 1, d)).getUTCMonth() === m - 1 ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/**
 * The first date in a value: `12 AUG 1974`, `12.08.1974`, `1974-08-12`, or a US licence's
 * `08/12/1974` (`usFirst`: month first where both readings are dates). '' when none.
 */
export function dateIn(value: string, usFirst: boolean): string {
  const v = fold(value);
  let m = /(\d{1,2})[ .\-/]*([A-Z]{3,5})[A-Z]*(?:\s*\/\s*[A-Z]+)?[ .\-/]*(\d{2,4})/.exec(v);
  if (m && MONTHS[m[2]!]) return iso(+m[3]!, MONTHS[m[2]!]!, +m[1]!) ?? '';
  m = /(\d{4})[.\-/ ](\d{1,2})[.\-/ ](\d{1,2})/.exec(v);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!) ?? '';
  m = /(\d{1,2})[.\-/ ](\d{1,2})[.\-/ ](\d{2,4})/.exec(v);
  if (m) return (usFirst ? iso(+m[3]!, +m[1]!, +m[2]!) ?? iso(+m[3]!, +m[2]!, +m[1]!) : iso(+m[3]!, +m[2]!, +m[1]!) ?? iso(+m[3]!, +m[1]!, +m[2]!)) ?? '';
  return '';
}

function clean(field: Field, value: string, usFirst: boolean): string {
  const v = fold(value).replace(/^[\s:/.-]+/, '').trim();
  switch (field) {
    case 'dob': case 'expiryDate': case 'issueDate': return dateIn(v, usFirst);
    case 'sex': { const s = /^(M|F|X|H|W|K)\b/.exec(v)?.[1]; return s === 'H' ? 'M' : s === 'W' || s === 'K' ? 'F' : s ?? ''; }
    case 'docNumber': { const n = /[A-Z0-9][A-Z0-9 ]{3,}[A-Z0-9]/.exec(v)?.[0]?.replace(/\s+/g, '') ?? ''; return /\d/.test(n) ? n : ''; }
    default: {
      // Names: letters, spaces, hyphens and apostrophes; a second language's label after a slash is dropped.
      const name = v.split('/')[0]!.replace(/[^A-Z' -]/g, ' ').replace(/\s+/g, ' ').trim();
      return name.length >= 2 && !LABELS.some(([, re]) => re.test(name)) ? name : '';
    }
  }
}

/** The line just below `label` that starts near its left edge (a card prints the value under its label). */
function below(lines: TextLine[], label: TextLine): TextLine | null {
  const { x, y, height } = label.box;
  const candidates = lines.filter((l) => l !== label && l.box.y > y + height * 0.4 && l.box.y < y + height * 3 && Math.abs(l.box.x - x) < Math.max(height * 2, label.box.width * 0.5));
  return candidates.sort((a, b) => a.box.y - b.box.y)[0] ?? null;
}

/** The labelled fields of a document's printed lines (`country` USA/CAN reads numeric dates month first). */
export function readVizFields(lines: TextLine[], country: string | null = null): VizFields {
  const usFirst = country === 'USA';
  const out: VizFields = { lastName: '', firstName: '', dob: '', expiryDate: '', issueDate: '', docNumber: '', sex: '', found: [] };
  for (const line of lines) {
    const text = fold(line.text).replace(/^\s+/, '');
    for (const [field, re] of LABELS) {
      if (out[field]) continue;
      const m = re.exec(text);
      if (!m) continue;
      // The value on the label's own line (after "Surname:" or "3 DOB"), else the line below.
      let value = clean(field, text.slice(m[0].length), usFirst);
      if (!value) {
        const next = below(lines, line);
        if (next) value = clean(field, next.text, usFirst);
      }
      if (value) {
        (out as unknown as Record<Field, string>)[field] = value;
        out.found.push(field);
      }
      break;
    }
  }
  return out;
}
