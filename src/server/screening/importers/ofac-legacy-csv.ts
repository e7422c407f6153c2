// OFAC's SDN list in its legacy CSV set (SDN.CSV, ALT.CSV, ADD.CSV, SDN_COMMENTS.CSV): the files
// most customers already download. No header rows; `-0-` (often with a trailing space) means
// empty. SDN.CSV cuts Remarks at 1,000 characters and SDN_COMMENTS.CSV carries the rest of that
// ent_num's remarks, joined with no separator. Birth dates, documents, nationality and gender are
// only in the remarks, as "; "-separated phrases ("DOB 12 Jan 1960; Passport A123 (Iran); …").

import { readCsv, type CsvRecord } from '../csv';
import { countryNameToAlpha3 } from '../countries';
import type { ImportParse, ListedEntity, ListedIdentifier, ListedKind, ListedName } from '../listed-entity';
import {
  addDate, addIdentifier, addName, addUnique, circaDate, englishDate, ofacIdentifierType, rangeDate, shortenRemarks,
} from './importer-kit';

/** The four texts of one OFAC legacy download; SDN_COMMENTS.CSV is optional (older sets have none). */
export interface OfacLegacyFiles {
  sdn: string;
  alt: string;
  add: string;
  comments?: string;
}

const SDN_FIELDS = 12; // ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks
const ALT_FIELDS = 5; // ent_num, alt_num, alt_type, alt_name, alt_remarks
const ADD_FIELDS = 6; // ent_num, add_num, address, city/state/postal, country, add_remarks
const COMMENTS_FIELDS = 2; // ent_num, remarks continuation

/** OFAC's empty marker `-0-` (with or without trailing spaces) and blank fields as ''. */
function value(field: string | undefined): string {
  const t = (field ?? '').trim();
  return t === '-0-' ? '' : t;
}

function kindOf(sdnType: string): ListedKind | undefined {
  switch (sdnType.toLowerCase()) {
    case '':
      return 'organization'; // OFAC: a blank SDN_Type is an entity (company, group, …)
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      return undefined;
  }
}

/** "LAST, First Middle" → family/given for individuals; organisations keep commas ("CO., LTD."). */
function personName(full: string, quality: ListedName['quality']): ListedName {
  const i = full.indexOf(', ');
  if (i <= 0) return { full, quality };
  return { full, family: full.slice(0, i), given: full.slice(i + 2), quality };
}

/** Labels whose number is an IMO number ("Vessel Registration Identification IMO 9187629"). */
const IMO_RE = /^(?:Vessel Registration Identification |Identification Number |Company Number )?IMO (\d{7})\b/;

/** One "; "-separated remark phrase (dates, nationality, gender, IMO, quoted a.k.a.); false when it is none of those. */
function readPhrase(phrase: string, e: ListedEntity): boolean {
  const p = phrase.replace(/^alt\.\s+/, '').replace(/\.$/, '').trim();
  if (!p) return true;
  let m: RegExpExecArray | null;
  if ((m = /^DOB (.+)$/.exec(p))) {
    const dob = m[1]!.trim();
    let r: RegExpExecArray | null;
    if ((r = /^circa (\d{4})[-–](\d{4})$/i.exec(dob))) addDate(e.birthDates, rangeDate(Number(r[1]), Number(r[2])));
    else if ((r = /^circa (.*\d{4})$/i.exec(dob))) {
      const d = englishDate(r[1]!);
      if (d) addDate(e.birthDates, { ...circaDate(Number(d.slice(0, 4))), date: d });
    } else if ((r = /^(.*?\d{4}) to (.*?\d{4})$/.exec(dob))) {
      const from = englishDate(r[1]!);
      const to = englishDate(r[2]!);
      if (from && to) addDate(e.birthDates, rangeDate(Number(from.slice(0, 4)), Number(to.slice(0, 4))));
    } else {
      const d = englishDate(dob);
      if (d) addDate(e.birthDates, { date: d });
    }
    return true;
  }
  if ((m = /^(?:nationality|citizen) (?:possibly )?(.+)$/.exec(p))) {
    addUnique(e.countries, countryNameToAlpha3(m[1]!));
    return true;
  }
  if ((m = /^Gender (Male|Female)$/i.exec(p))) {
    e.gender = m[1]!.toLowerCase() === 'male' ? 'male' : 'female';
    return true;
  }
  if ((m = IMO_RE.exec(p))) {
    addIdentifier(e.identifiers, { type: 'imo', value: m[1]! });
    return true;
  }
  if ((m = /^([af]|n)\.k\.a\. '(.+)'$/.exec(p))) {
    // Quoted a.k.a.s in the remarks are OFAC's weak aliases (the strong ones are in ALT.CSV).
    const quality = m[1] === 'f' ? 'fka' : 'weak';
    addName(e.names, e.kind === 'person' ? personName(m[2]!, quality) : { full: m[2]!, quality });
    return true;
  }
  return false;
}

/** Identifier labels may be several words; try each split point so "National ID No. 123" finds its label. */
function readIdentifierPhrase(phrase: string, e: ListedEntity): boolean {
  const p = phrase.replace(/^alt\.\s+/, '').replace(/\.$/, '').trim();
  const words = p.split(' ');
  for (let k = Math.min(5, words.length - 1); k >= 1; k--) {
    const label = words.slice(0, k).join(' ');
    const type = ofacIdentifierType(label);
    if (!type) continue;
    const rest = words.slice(k).join(' ');
    const m = /^(.+?)(?: \(([^)]+)\))?(?:[ ,;].*)?$/.exec(rest);
    if (!m) return false;
    const id: ListedIdentifier = { type, value: m[1]!.trim() };
    const country = m[2] ? countryNameToAlpha3(m[2]) : undefined;
    if (country) id.country = country;
    addIdentifier(e.identifiers, id);
    return true;
  }
  return false;
}

function readRemarks(remarks: string, e: ListedEntity): void {
  for (const phrase of remarks.split(/;\s*/)) {
    if (!readPhrase(phrase, e)) readIdentifierPhrase(phrase, e);
  }
}

function fileCheck(name: string, records: CsvRecord[], fields: number): ImportParse | undefined {
  for (const r of records) {
    if (r.fields.length !== fields) {
      return { ok: false, line: r.line, error: `${name} line ${r.line}: expected ${fields} fields, found ${r.fields.length}` };
    }
    if (!/^\d+$/.test(r.fields[0]!.trim())) {
      return { ok: false, line: r.line, error: `${name} line ${r.line}: ent_num "${r.fields[0]}" is not a number (a header row or a shifted file?)` };
    }
  }
  return undefined;
}

/**
 * Reads an OFAC legacy CSV set into listed entities (key = ent_num). Fails on the first damaged
 * record, naming the file and its 1-based line: wrong field count, a non-numeric ent_num, a
 * duplicate ent_num, an SDN without a name, an unknown SDN_Type, or an ALT/ADD/COMMENTS row for
 * an ent_num that SDN.CSV does not have.
 */
export function importOfacLegacyCsv(files: OfacLegacyFiles): ImportParse {
  const read: Array<[string, string | undefined, number]> = [
    ['SDN.CSV', files.sdn, SDN_FIELDS],
    ['ALT.CSV', files.alt, ALT_FIELDS],
    ['ADD.CSV', files.add, ADD_FIELDS],
    ['SDN_COMMENTS.CSV', files.comments, COMMENTS_FIELDS],
  ];
  const parsed: CsvRecord[][] = [];
  for (const [name, text, fields] of read) {
    const r = readCsv(text ?? '');
    if (!r.ok) return { ok: false, line: r.line, error: `${name} ${r.error}` };
    const bad = fileCheck(name, r.records, fields);
    if (bad) return bad;
    parsed.push(r.records);
  }
  const [sdn, alt, add, comments] = parsed as [CsvRecord[], CsvRecord[], CsvRecord[], CsvRecord[]];

  const byKey = new Map<string, { entity: ListedEntity; remarks: string }>();
  const order: string[] = [];
  for (const r of sdn) {
    const f = r.fields;
    const key = f[0]!.trim();
    if (byKey.has(key)) return { ok: false, line: r.line, error: `SDN.CSV line ${r.line}: ent_num ${key} is listed twice` };
    const name = value(f[1]);
    if (!name) return { ok: false, line: r.line, error: `SDN.CSV line ${r.line}: ent_num ${key} has no name` };
    const kind = kindOf(value(f[2]));
    if (!kind) return { ok: false, line: r.line, error: `SDN.CSV line ${r.line}: unknown SDN_Type "${value(f[2])}"` };
    const entity: ListedEntity = {
      key, kind, names: [], countries: [], birthDates: [], identifiers: [],
      programs: value(f[3]).split(/\]\s*\[/).map((p) => p.replace(/[[\]]/g, '').trim()).filter(Boolean),
    };
    addName(entity.names, kind === 'person' ? personName(name, 'primary') : { full: name, quality: 'primary' });
    const flag = value(f[9]);
    if (flag) addUnique(entity.countries, countryNameToAlpha3(flag));
    byKey.set(key, { entity, remarks: value(f[11]) });
    order.push(key);
  }

  const owner = (name: string, r: CsvRecord): { entity: ListedEntity; remarks: string } | ImportParse => {
    const found = byKey.get(r.fields[0]!.trim());
    return found ?? { ok: false, line: r.line, error: `${name} line ${r.line}: ent_num ${r.fields[0]!.trim()} is not in SDN.CSV` };
  };

  for (const r of comments) {
    const o = owner('SDN_COMMENTS.CSV', r);
    if ('ok' in o) return o;
    o.remarks += value(r.fields[1]);
  }
  for (const r of alt) {
    const o = owner('ALT.CSV', r);
    if ('ok' in o) return o;
    const name = value(r.fields[3]);
    if (!name) continue;
    const type = value(r.fields[2]).toLowerCase();
    const quality: ListedName['quality'] = type === 'fka' ? 'fka' : /\bweak\b/i.test(value(r.fields[4])) ? 'weak' : 'strong';
    addName(o.entity.names, o.entity.kind === 'person' ? personName(name, quality) : { full: name, quality });
  }
  for (const r of add) {
    const o = owner('ADD.CSV', r);
    if ('ok' in o) return o;
    const country = value(r.fields[4]);
    if (country) addUnique(o.entity.countries, countryNameToAlpha3(country));
  }

  const entities: ListedEntity[] = [];
  for (const key of order) {
    const { entity, remarks } = byKey.get(key)!;
    if (remarks) {
      readRemarks(remarks, entity);
      const short = shortenRemarks(remarks);
      if (short) entity.remarks = short;
    }
    entities.push(entity);
  }
  return { ok: true, entities };
}
