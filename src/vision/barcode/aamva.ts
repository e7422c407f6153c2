// The text of the PDF417 on the back of US and Canadian driving licences and ID cards, as the
// AAMVA DL/ID Card Design Standard (CDS) lays it out: a header (`@`, the three separators,
// `ANSI `, the issuer's IIN, versions, the subfile designators), then subfiles of elements, each
// a three-letter id and its value. Versions: 00 (before the standard, parsed when its elements
// are recognisable), 01 (DL/ID-2000), 02 (CDS 2003), 03 (2005), 04 (2009), 05 (2010), 06 (2011),
// 07 (2012), 08 (2013), 09 (2016), 10 (2020).
// Pure: no Node, DOM or dependency (the browser and the server both run it), and total: any
// string gives a result, never a throw. Scanners mangle the control characters (CR and LF
// swapped or doubled, RS dropped, ZXing's "<LF>" escapes), so subfiles are found by their type
// and element ids when the header's offsets do not point at them.

export type AamvaCountry = 'USA' | 'CAN';

export interface AamvaDocument {
  /** AAMVA CDS version of the payload, 0–10. */
  version: number;
  /** The jurisdiction's own version of its layout, 0–99 (absent, so 0, before version 02). */
  jurisdictionVersion: number;
  /** Issuer Identification Number, 6 digits (636xxx for most jurisdictions). */
  iin: string;
  /** Two-letter state / province / territory code (from DAJ, else from the IIN table), '' when unknown. */
  jurisdiction: string;
  country: AamvaCountry | null;
  /** 'DL' driving licence or 'ID' identification card (the subfile type; DL wins when both are present). */
  subfile: 'DL' | 'ID';
  /** Every element of the chosen subfile: three-letter id → value, trimmed. */
  elements: Record<string, string>;
  docType: 'DRIVERS_LICENSE' | 'NATIONAL_ID';
  /** DAQ, the licence or ID number. */
  docNumber: string;
  /** DCS (v1: DAB or from DAA). */
  lastName: string;
  /** DAC (v2–3: first word of DCT; v1: DAC or from DAA). */
  firstName: string;
  /** DAD (v2–3: rest of DCT; v1: DAD or from DAA), words separated by one space; '' when none or 'NONE'. */
  middleName: string;
  /** DBB as YYYY-MM-DD, '' when absent or unparseable. */
  dob: string;
  /** DBA as YYYY-MM-DD, '' when absent or unparseable. */
  expiryDate: string;
  /** DBD as YYYY-MM-DD, '' when absent or unparseable. */
  issueDate: string;
  /** DBC: 1 = M, 2 = F, 9 = X (also the letters of old payloads); '' when absent or unknown. */
  sex: 'M' | 'F' | 'X' | '';
  /** DAG, DAH, DAI, DAJ, DAK; a US ZIP+4 as 12345-6789, an unused +4 (0000) dropped. */
  address: { street: string; street2: string; city: string; region: string; postalCode: string };
  /** DCF, the document discriminator (unique to this card, not to the person). */
  discriminator: string;
  /** Truncation flags DDE (last), DDF (first), DDG (middle): true only for 'T'. */
  truncated: { lastName: boolean; firstName: boolean; middleName: boolean };
  /** Non-fatal findings, e.g. 'DBA: unparseable date "13452030"', 'DCG: unknown country "XXX"'. */
  problems: string[];
}

export type AamvaParse =
  | { ok: true; document: AamvaDocument }
  | { ok: false; error: 'not_aamva' | 'bad_header' | 'unsupported_version' | 'no_subfile' | 'missing_elements'; detail: string };

/** Newest CDS version this parser knows the elements of. */
const NEWEST_VERSION = 10;

/**
 * AAMVA's Issuer Identification Numbers (https://www.aamva.org/identity/issuer-identification-numbers-(iin)),
 * as two public parsers list them (c0shea/IdParser, benhovinga/aamva_barcode_library): IIN →
 * two-letter jurisdiction code and country. The US Department of State (diplomats' licences)
 * has no jurisdiction code. Mexico's two states (636056 Coahuila, 636057 Hidalgo) are left out:
 * their cards are out of this type's scope.
 */
const IINS: Readonly<Record<string, readonly [code: string, country: AamvaCountry]>> = {
  '636033': ['AL', 'USA'], '636059': ['AK', 'USA'], '636026': ['AZ', 'USA'], '636021': ['AR', 'USA'],
  '636014': ['CA', 'USA'], '636020': ['CO', 'USA'], '636006': ['CT', 'USA'], '636011': ['DE', 'USA'],
  '636043': ['DC', 'USA'], '636010': ['FL', 'USA'], '636055': ['GA', 'USA'], '636047': ['HI', 'USA'],
  '636050': ['ID', 'USA'], '636035': ['IL', 'USA'], '636037': ['IN', 'USA'], '636018': ['IA', 'USA'],
  '636022': ['KS', 'USA'], '636046': ['KY', 'USA'], '636007': ['LA', 'USA'], '636041': ['ME', 'USA'],
  '636003': ['MD', 'USA'], '636002': ['MA', 'USA'], '636032': ['MI', 'USA'], '636038': ['MN', 'USA'],
  '636051': ['MS', 'USA'], '636030': ['MO', 'USA'], '636008': ['MT', 'USA'], '636054': ['NE', 'USA'],
  '636049': ['NV', 'USA'], '636039': ['NH', 'USA'], '636036': ['NJ', 'USA'], '636009': ['NM', 'USA'],
  '636001': ['NY', 'USA'], '636004': ['NC', 'USA'], '636034': ['ND', 'USA'], '636023': ['OH', 'USA'],
  '636058': ['OK', 'USA'], '636029': ['OR', 'USA'], '636025': ['PA', 'USA'], '636052': ['RI', 'USA'],
  '636005': ['SC', 'USA'], '636042': ['SD', 'USA'], '636053': ['TN', 'USA'], '636015': ['TX', 'USA'],
  '636040': ['UT', 'USA'], '636024': ['VT', 'USA'], '636000': ['VA', 'USA'], '636045': ['WA', 'USA'],
  '636061': ['WV', 'USA'], '636031': ['WI', 'USA'], '636060': ['WY', 'USA'],
  // US territories and the State Department.
  '604427': ['AS', 'USA'], '636019': ['GU', 'USA'], '604430': ['MP', 'USA'], '604431': ['PR', 'USA'],
  '636062': ['VI', 'USA'], '636027': ['', 'USA'],
  // Canadian provinces and territories (990876 is Alberta's older, non-ISO number).
  '604432': ['AB', 'CAN'], '990876': ['AB', 'CAN'], '636028': ['BC', 'CAN'], '636048': ['MB', 'CAN'],
  '636017': ['NB', 'CAN'], '636016': ['NL', 'CAN'], '636013': ['NS', 'CAN'], '636012': ['ON', 'CAN'],
  '604426': ['PE', 'CAN'], '604428': ['QC', 'CAN'], '636044': ['SK', 'CAN'], '604434': ['NT', 'CAN'],
  '604433': ['NU', 'CAN'], '604429': ['YT', 'CAN'],
};

/** Two-letter code → country, for payloads whose IIN is unknown (NF: Newfoundland's old code). */
const REGION_COUNTRY: ReadonlyMap<string, AamvaCountry> = new Map([
  ...Object.values(IINS).filter(([code]) => code !== '').map(([code, country]) => [code, country] as const),
  ['NF', 'CAN'], ['AA', 'USA'], ['AE', 'USA'], ['AP', 'USA'],
]);

/**
 * Element ids of the DL and ID subfiles across versions: CDS 2009–2020 (DCA…DDL), the older
 * names (DAA full name, DCT given names, DAR/DAS/DAT class codes…) and DL/ID-2000's permit
 * elements (PAA…PAF). A subfile whose offset is wrong is found as its type followed by one.
 */
const KNOWN_IDS = (
  'DAA DAB DAC DAD DAE DAF DAG DAH DAI DAJ DAK DAL DAM DAN DAO DAP DAQ DAR DAS DAT DAU DAV DAW DAX DAY DAZ ' +
  'DBA DBB DBC DBD DBE DBF DBG DBH DBI DBJ DBK DBL DBM DBN DBO DBP DBQ DBR DBS ' +
  'DCA DCB DCD DCE DCF DCG DCH DCI DCJ DCK DCL DCM DCN DCO DCP DCQ DCR DCS DCT DCU ' +
  'DDA DDB DDC DDD DDE DDF DDG DDH DDI DDJ DDK DDL PAA PAB PAC PAD PAE PAF'
).split(' ');
const KNOWN = new Set(KNOWN_IDS);
const KNOWN_ALT = KNOWN_IDS.join('|');

/** The standard's separators: data element (LF), record (RS), segment terminator (CR). */
const SEPARATORS = ['\n', '\x1e', '\r'];

/**
 * Printable characters a scanner or a copy has put in place of the control characters, taken as
 * separators when the header declares one (the character after "@"). Never ones that names and
 * addresses hold (comma, hyphen, full stop, slash, apostrophe).
 */
const DECLARABLE = '|^~`\\;';

/** ZXing's escaped text mode ("HRI"/"Escaped") writes control characters as <LF>, <RS>, <CR>…; */
const ESCAPES: Readonly<Record<string, string>> = { LF: '\n', CR: '\r', RS: '\x1e', GS: '\x1d', FS: '\x1c', US: '\x1f', HT: '\t' };

/** Values that stand for "no value" in name fields. */
const NO_VALUE = /^(NONE|UNAVL|UNAVAIL|UNAVAILABLE|N\/A)$/i;

interface Designator { type: string; offset: number; length: number }

interface Header {
  iin: string;
  version: number;
  jurisdictionVersion: number;
  designators: Designator[];
  /** Index in the text that the designators' offsets count from (where `@` should be). */
  origin: number;
  /** Index just past the designators: subfiles come after it. */
  end: number;
  /** Separators to split elements on: the standard's three and one the header declared, if printable (e.g. `|`). */
  separators: string[];
}

type Failure = Extract<AamvaParse, { ok: false }>;
const fail = (error: Failure['error'], detail: string): Failure => ({ ok: false, error, detail });

/** Up to `max` designators (type, 4-digit offset, 4-digit length) from `pos`; stops at the first that is not one. */
function designatorsAt(text: string, pos: number, max: number): Designator[] {
  const out: Designator[] = [];
  const re = /([A-Z]{2})(\d{4})(\d{4})/y;
  re.lastIndex = pos;
  for (let i = 0; i < max; i++) {
    const m = re.exec(text);
    if (!m) break;
    out.push({ type: m[1]!, offset: Number(m[2]), length: Number(m[3]) });
  }
  return out;
}

/** The file header, or why there is none. */
function readHeader(text: string): Header | Failure {
  const m = /(ANSI|AAMVA) *(\d{6})(\d{2})/.exec(text);
  if (!m) {
    const at = text.search(/@[^A-Za-z0-9]{0,6}(ANSI|AAMVA)/);
    if (at >= 0) return fail('bad_header', 'file type found but no 6-digit IIN and 2-digit version after it');
    const lead = text.trimStart();
    if (lead[0] === '@' && SEPARATORS.includes(lead[1] ?? '')) return fail('bad_header', 'compliance indicator "@" but no "ANSI " file type');
    return fail('not_aamva', 'no AAMVA header ("@", separators, "ANSI ", IIN, version)');
  }
  const iinStart = m.index + m[0].length - 8;
  const version = Number(m[3]);
  if (version > NEWEST_VERSION) return fail('unsupported_version', `AAMVA version ${m[3]} is newer than this parser knows (00–${NEWEST_VERSION})`);
  // The standard's header is "@" LF RS CR "ANSI " IIN: the IIN starts 9 characters after "@".
  const origin = iinStart - 9;
  const at = text.lastIndexOf('@', m.index);
  const declared = at >= 0 && m.index - at <= 8 ? text[at + 1] : undefined;
  const separators = declared && DECLARABLE.includes(declared) ? [...SEPARATORS, declared] : SEPARATORS;
  // Version 01 has no jurisdiction version before the number of entries; some payloads differ
  // from their version's layout, so the other layout is tried when the first gives no designator.
  const pos = iinStart + 8;
  const layouts = version >= 2 ? [true, false] : [false, true];
  for (const withJurisdiction of layouts) {
    const countAt = withJurisdiction ? pos + 2 : pos;
    const count = /^\d{2}/.exec(text.slice(countAt, countAt + 2));
    if (!count) continue;
    const designators = designatorsAt(text, countAt + 2, Math.max(1, Number(count[0])));
    if (designators.length === 0) continue;
    const jurisdictionVersion = withJurisdiction ? Number(text.slice(pos, pos + 2)) : 0;
    return { iin: m[2]!, version, jurisdictionVersion: Number.isFinite(jurisdictionVersion) ? jurisdictionVersion : 0, designators, origin, end: countAt + 2 + designators.length * 10, separators };
  }
  const jurisdictionVersion = version >= 2 && /^\d{2}$/.test(text.slice(pos, pos + 2)) ? Number(text.slice(pos, pos + 2)) : 0;
  return { iin: m[2]!, version, jurisdictionVersion, designators: [], origin, end: pos, separators };
}

const elementAt = (text: string, i: number) => KNOWN.has(text.slice(i, i + 3));

/**
 * Index of the first element id of the subfile of `type`: where its designator points (type,
 * then an element), or, pre-standard, an element right there without the type; else the first
 * "DL"/"ID" followed by a known element id after the header. Null when none.
 */
function locate(text: string, header: Header, type: 'DL' | 'ID'): number | null {
  const d = header.designators.find((x) => x.type === type);
  if (d) {
    const at = header.origin + d.offset;
    if (text.startsWith(type, at) && elementAt(text, at + 2)) return at + 2;
    if (at >= header.end && elementAt(text, at)) return at;
  }
  const re = new RegExp(`${type}(?=${KNOWN_ALT})`, 'g');
  re.lastIndex = header.end;
  const found = re.exec(text);
  if (found) return found.index + 2;
  // DL/ID-2000-era payloads whose first subfile starts straight after the designators, untyped.
  if (d && elementAt(text, header.end)) return header.end;
  return null;
}

/**
 * The elements from `start` on: records split on every separator (so CR/LF swaps, CRLF and a
 * missing RS do not matter), each "id value"; reading stops at the next subfile (a record
 * starting with Z, with DL/ID and an element id, or with another designator's type).
 */
function readElements(text: string, start: number, header: Header, type: string, problems: string[]): Record<string, string> {
  const split = new RegExp(`[${header.separators.map((s) => `\\x${s.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}]`);
  const others = header.designators.map((d) => d.type).filter((t) => t !== type && t !== 'DL' && t !== 'ID');
  const nextSubfile = new RegExp(`^(Z|(DL|ID)(${KNOWN_ALT})${others.length ? `|(${others.join('|')})[A-Z]{3}` : ''})`);
  const elements: Record<string, string> = {};
  for (const raw of text.slice(start).split(split)) {
    const record = raw.replace(/^[\s\0]+/, '');
    if (record === '') continue;
    if (nextSubfile.test(record)) break;
    const id = record.slice(0, 3);
    if (!KNOWN.has(id) && !/^[DP][A-Z]{2}$/.test(id)) continue;
    const value = record.slice(3).trim();
    if (id in elements) {
      if (elements[id] !== value) problems.push(`${id}: repeated with another value "${value}"`);
      continue;
    }
    elements[id] = value;
  }
  return elements;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a real calendar day with the year in 1900–2199, else null. */
function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? `${y}-${pad2(m)}-${pad2(d)}` : null;
}

type DateOrder = 'MMDDCCYY' | 'CCYYMMDD';

/**
 * A date element as YYYY-MM-DD ('' when absent or unparseable, with a problem for the latter).
 * US payloads write MMDDCCYY, Canadian ones and DL/ID-2000 CCYYMMDD, but jurisdictions slip.
 * With the year held to 1900–2199 the two orders never both give a real day (a month is 01–12,
 * a century 19–21), so the one that does is the date; when the standard expected the other
 * order (`expected`, known from version 04 on), that is a problem, not a failure.
 */
function readDate(id: string, raw: string | undefined, expected: DateOrder | null, problems: string[]): string {
  const value = (raw ?? '').trim();
  if (value === '' || value === '00000000') return '';
  // Some jurisdictions print a character after the 8 digits (New Hampshire 2013), some separators.
  const digits = /^\d{8}/.exec(value)?.[0] ?? /^\d{8}$/.exec(value.replace(/[-/. ]/g, ''))?.[0];
  const mdy = digits ? isoDate(Number(digits.slice(4, 8)), Number(digits.slice(0, 2)), Number(digits.slice(2, 4))) : null;
  const ymd = digits ? isoDate(Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8))) : null;
  const date = mdy ?? ymd;
  if (!date) {
    problems.push(`${id}: unparseable date "${value}"`);
    return '';
  }
  const order: DateOrder = mdy ? 'MMDDCCYY' : 'CCYYMMDD';
  if (expected && order !== expected) problems.push(`${id}: date "${value}" is ${order}, the standard has ${expected} for this country`);
  return date;
}

const SEX: Readonly<Record<string, 'M' | 'F' | 'X'>> = { '1': 'M', '2': 'F', '9': 'X', M: 'M', F: 'F', X: 'X' };

/** A US ZIP (5 digits, or ZIP+4 as 12345-6789, an unused +4 "0000" dropped); anything else trimmed. */
function postalCode(raw: string, country: AamvaCountry | null): string {
  const value = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country === 'CAN') return value;
  const digits = value.replace(/[\s-]/g, '');
  if (/^\d{5}$/.test(digits)) return digits;
  // DAK is 11 characters: 5 + 4 digits, then 2 spaces (or zeros).
  if (/^\d{9,11}$/.test(digits)) {
    const plus4 = digits.slice(5, 9);
    return plus4 === '0000' ? digits.slice(0, 5) : `${digits.slice(0, 5)}-${plus4}`;
  }
  return value;
}

/** A name element: trimmed, its stray commas dropped, '' for NONE / unavl. */
function nameValue(raw: string | undefined): string {
  const value = (raw ?? '').replace(/^[\s,]+|[\s,]+$/g, '');
  return NO_VALUE.test(value) ? '' : value;
}

/** Middle names: commas (the CDS separator between several) and runs of spaces made one space. */
const middleValue = (raw: string | undefined) => nameValue(raw).split(/[\s,]+/).filter((w) => w && !NO_VALUE.test(w)).join(' ');

/**
 * DL/ID-2000's DAA: "FAMILY,GIVEN,MIDDLE…" (comma-separated). Colorado wrote "GIVEN,MIDDLE,FAMILY"
 * (as the Go parser dlidparser reads it). Without commas the order is unknown: read as printed on
 * the card (given names, then the family name), with a problem.
 */
function splitFullName(raw: string, iin: string, problems: string[]): { last: string; first: string; middle: string } {
  const value = nameValue(raw);
  if (value === '') return { last: '', first: '', middle: '' };
  if (value.includes(',')) {
    const parts = value.split(',').map((p) => p.trim());
    if (iin === '636020') return { first: parts[0] ?? '', middle: parts.slice(1, -1).join(' '), last: parts.length > 1 ? parts[parts.length - 1]! : '' };
    return { last: parts[0] ?? '', first: parts[1] ?? '', middle: middleValue(parts.slice(2).join(' ')) };
  }
  const words = value.split(/\s+/);
  if (words.length === 1) return { last: value, first: '', middle: '' };
  problems.push(`DAA: full name "${value}" without commas, read as given names then family name`);
  return { first: words[0]!, middle: words.slice(1, -1).join(' '), last: words[words.length - 1]! };
}

/**
 * Control characters written back where ZXing escaped them (its `<LF>` text mode, or Unicode's
 * control pictures ␊ ␞ ␍, which one real read of a courier label came back in), and byte-order
 * marks dropped.
 */
function unescape(text: string): string {
  const t = text.replace(/\uFEFF/g, '').replace(/[\u2400-\u2420\u2424]/g, (c) => {
    const code = c.charCodeAt(0);
    return code === 0x2420 ? ' ' : code === 0x2424 ? '\n' : String.fromCharCode(code - 0x2400);
  });
  return /<(LF|CR|RS)>/.test(t) ? t.replace(/<(LF|CR|RS|GS|FS|US|HT)>/g, (_, name: string) => ESCAPES[name]!) : t;
}

/**
 * Parses the text of an AAMVA PDF417 (what a barcode reader returns, control characters and
 * all). `ok: false` says why it is not a usable AAMVA payload; `problems` of an `ok` document
 * list what is off in it without making it unusable.
 */
export function parseAamva(text: string): AamvaParse {
  if (typeof text !== 'string' || text.trim() === '') return fail('not_aamva', 'empty payload');
  const t = unescape(text);
  const header = readHeader(t);
  if ('ok' in header) return header;

  let subfile: 'DL' | 'ID' | null = null;
  let start: number | null = null;
  const designated = (['DL', 'ID'] as const).filter((type) => header.designators.some((d) => d.type === type));
  for (const type of [...designated, ...(['DL', 'ID'] as const).filter((x) => !designated.includes(x))]) {
    start = locate(t, header, type);
    if (start !== null) {
      subfile = type;
      break;
    }
  }
  if (subfile === null || start === null) {
    if (header.designators.length === 0) return fail('bad_header', 'no subfile designator after the version, and no DL or ID subfile in the text');
    const types = header.designators.map((d) => d.type).join(', ');
    return fail('no_subfile', `no DL or ID subfile with known elements (designators: ${types})`);
  }

  const problems: string[] = [];
  const e = readElements(t, start, header, subfile, problems);
  const issuer = IINS[header.iin];
  if (!issuer) problems.push(`IIN: unknown issuer "${header.iin}"`);

  const dcg = (e.DCG ?? '').toUpperCase();
  let country: AamvaCountry | null = dcg === 'USA' || dcg === 'CAN' ? dcg : null;
  if (dcg !== '' && country === null) problems.push(`DCG: unknown country "${e.DCG}"`);
  const daj = (e.DAJ ?? '').toUpperCase();
  const region = /^[A-Z]{2}$/.test(daj) ? daj : '';
  country ??= issuer?.[1] ?? REGION_COUNTRY.get(region) ?? null;
  if (region && issuer?.[0] && region !== issuer[0]) problems.push(`DAJ: "${region}" but the IIN ${header.iin} is ${issuer[0]}'s`);

  const expected: DateOrder | null = header.version >= 4 && country ? (country === 'USA' ? 'MMDDCCYY' : 'CCYYMMDD') : null;
  const dob = readDate('DBB', e.DBB, expected, problems);
  const expiryDate = readDate('DBA', e.DBA, expected, problems);
  const issueDate = readDate('DBD', e.DBD, expected, problems);

  // Names: DCS/DAC/DAD (2009 on), DCS + DCT "GIVEN,MIDDLE" or "GIVEN MIDDLE" (2003, 2005),
  // DAB/DAC/DAD or DAA (2000); whichever the payload has, newest first.
  const full = e.DAA !== undefined ? splitFullName(e.DAA, header.iin, problems) : { last: '', first: '', middle: '' };
  const given = nameValue(e.DCT).split(/[\s,]+/).filter((w) => w !== '');
  const lastName = nameValue(e.DCS) || nameValue(e.DAB) || full.last;
  const firstName = nameValue(e.DAC) || given[0] || full.first;
  const middleName = e.DAD !== undefined ? middleValue(e.DAD) : given.length > 0 ? middleValue(given.slice(1).join(' ')) : full.middle;

  const docNumber = e.DAQ ?? '';
  if (docNumber === '') return fail('missing_elements', `no document number (DAQ) in the ${subfile} subfile`);
  if (lastName === '' && firstName === '') return fail('missing_elements', `no name (DCS/DAC, DCT or DAA) in the ${subfile} subfile`);

  const sexCode = (e.DBC ?? '').toUpperCase();
  const sex = SEX[sexCode] ?? '';
  if (sexCode !== '' && sex === '') problems.push(`DBC: unknown sex "${e.DBC}"`);
  for (const id of ['DDE', 'DDF', 'DDG']) {
    const flag = e[id];
    if (flag !== undefined && !/^[TNU]$/.test(flag)) problems.push(`${id}: unknown truncation flag "${flag}"`);
  }

  return {
    ok: true,
    document: {
      version: header.version,
      jurisdictionVersion: header.jurisdictionVersion,
      iin: header.iin,
      jurisdiction: region || issuer?.[0] || '',
      country,
      subfile,
      elements: e,
      docType: subfile === 'DL' ? 'DRIVERS_LICENSE' : 'NATIONAL_ID',
      docNumber,
      lastName,
      firstName,
      middleName,
      dob,
      expiryDate,
      issueDate,
      sex,
      address: { street: e.DAG ?? '', street2: e.DAH ?? '', city: e.DAI ?? '', region, postalCode: postalCode(e.DAK ?? '', country) },
      discriminator: e.DCF ?? '',
      truncated: { lastName: e.DDE === 'T', firstName: e.DDF === 'T', middleName: e.DDG === 'T' },
      problems,
    },
  };
}
