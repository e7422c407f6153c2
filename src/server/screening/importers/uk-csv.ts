// The UK's sanctions list as CSV, in both layouts a customer may hold: the FCDO "UK Sanctions
// List" (the UK's single list since January 2026: a "Report Date:" line, then one row per name
// keyed by "Unique ID") and OFSI's older Consolidated List ConList.csv (a "Last Updated" line,
// then one row per name keyed by "Group ID"). Both write a name as Name 1…5 (given names) and
// Name 6 (surname, or the whole name of an entity), dates as dd/mm/yyyy with 00 for unknown, and
// several values in one cell as "(1) … (2) …" (OFSI) or "a|b" (FCDO).

import { readCsv, type CsvRecord } from '../csv';
import { countryNameToAlpha3 } from '../countries';
import type { ImportParse, ListedEntity, ListedIdentifier, ListedKind, ListedName } from '../listed-entity';
import { addDate, addIdentifier, addName, addUnique, failAt, shortenRemarks, ukDate } from './importer-kit';

/** Which layout a header is: the column holding the key and the names of the other columns. */
interface Layout {
  key: string;
  type: string;
  nameType: string;
  aliasQuality: string;
  nonLatin: string;
  dob: string;
  nationality: string;
  passport: string;
  nationalId: string;
  regime: string;
  country: string;
  listedOn: string;
  other: string;
  gender?: string;
  imo?: string;
  registration?: string;
  flag?: string;
}

const FCDO: Layout = {
  key: 'unique id', type: 'designation type', nameType: 'name type', aliasQuality: 'alias strength',
  nonLatin: 'name non-latin script', dob: 'd.o.b', nationality: 'nationality(/ies)', passport: 'passport number',
  nationalId: 'national identifier number', regime: 'regime name', country: 'address country', listedOn: 'date designated',
  other: 'other information', gender: 'gender', imo: 'imo number', registration: 'business registration number (s)',
  flag: 'current believed flag of ship',
};
const OFSI: Layout = {
  key: 'group id', type: 'group type', nameType: 'alias type', aliasQuality: 'alias quality',
  nonLatin: 'name non-latin script', dob: 'dob', nationality: 'nationality', passport: 'passport number',
  nationalId: 'national identification number', regime: 'regime', country: 'country', listedOn: 'listed on',
  other: 'other information',
};

function kindOf(type: string): ListedKind {
  const t = type.trim().toLowerCase();
  if (t === 'individual') return 'person';
  if (t === 'entity') return 'organization';
  if (t === 'ship' || t === 'vessel') return 'vessel';
  return 'other';
}

/** One cell's values: "(1) A (2) B", "A|B" or a plain value; empty cells give none. */
function values(cell: string): string[] {
  const t = cell.trim();
  if (!t) return [];
  if (/^\(1\)/.test(t)) return t.split(/\(\d+\)/).map((s) => s.trim().replace(/[,;]$/, '').trim()).filter(Boolean);
  return t.split('|').map((s) => s.trim()).filter(Boolean);
}

/** Name quality from the layout's name-type and alias-quality columns. */
function quality(nameType: string, aliasQuality: string): ListedName['quality'] {
  const t = nameType.toLowerCase();
  if (t.startsWith('primary name') && !t.includes('variation')) return 'primary';
  if (/low/i.test(aliasQuality)) return 'weak';
  return 'strong';
}

/**
 * Reads either UK CSV layout (found by its header: "Unique ID" → FCDO, "Group ID" → OFSI). Rows
 * of one key make one entity; the row marked "Primary Name" gives the primary name. Fails with the
 * line of the damage: no recognisable header, a wrong field count, a row without key or name, a
 * key whose rows disagree on the designation type.
 */
export function importUkCsv(csv: string): ImportParse {
  const read = readCsv(csv);
  if (!read.ok) return read;
  const headerAt = read.records.findIndex((r) => r.fields.some((f) => f.trim().toLowerCase() === 'name 6'));
  if (headerAt < 0) return failAt(1, 'no UK sanctions list header (a row with "Name 6") was found');
  const header = read.records[headerAt]!;
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const layout = names.includes('unique id') ? FCDO : names.includes('group id') ? OFSI : undefined;
  if (!layout) return failAt(header.line, 'the header has neither "Unique ID" (FCDO) nor "Group ID" (OFSI)');
  const idx = (c: string | undefined) => (c ? names.indexOf(c) : -1);
  const nameCols = ['name 1', 'name 2', 'name 3', 'name 4', 'name 5'].map((c) => names.indexOf(c));
  const name6 = names.indexOf('name 6');

  const byKey = new Map<string, { entity: ListedEntity; line: number; rows: CsvRecord[] }>();
  for (const row of read.records.slice(headerAt + 1)) {
    if (row.fields.length !== names.length) return failAt(row.line, `expected ${names.length} fields, found ${row.fields.length}`);
    const cell = (c: string | undefined) => (idx(c) >= 0 ? row.fields[idx(c)]!.trim() : '');
    const key = cell(layout.key);
    if (!key) return failAt(row.line, `${layout === FCDO ? 'Unique ID' : 'Group ID'} is empty`);
    const family = (row.fields[name6] ?? '').trim();
    const given = nameCols.map((i) => (i >= 0 ? row.fields[i]!.trim() : '')).filter(Boolean).join(' ');
    if (!family && !given) return failAt(row.line, `${key}: a row without a name`);
    const kind = kindOf(cell(layout.type));
    let slot = byKey.get(key);
    if (!slot) {
      slot = { entity: { key, kind, names: [], countries: [], birthDates: [], identifiers: [], programs: [] }, line: row.line, rows: [] };
      byKey.set(key, slot);
    } else if (slot.entity.kind !== kind) {
      return failAt(row.line, `${key}: listed as ${slot.entity.kind} on line ${slot.line} and as ${kind} here`);
    }
    slot.rows.push(row);
    const e = slot.entity;
    const full = [given, family].filter(Boolean).join(' ');
    const q = quality(cell(layout.nameType), cell(layout.aliasQuality));
    const name: ListedName = { full, quality: q };
    if (kind === 'person' && family && given) {
      name.family = family;
      name.given = given;
    }
    // The primary row is not always first: keep it first so de-duplication keeps it primary.
    if (q === 'primary' && e.names[0]?.quality !== 'primary') {
      const rest = e.names.splice(0);
      addName(e.names, name);
      for (const n of rest) addName(e.names, n);
    } else addName(e.names, name);
    for (const n of values(cell(layout.nonLatin))) addName(e.names, { full: n, quality: q === 'primary' ? 'primary' : q });
    for (const d of values(cell(layout.dob))) {
      const date = ukDate(d);
      if (date) addDate(e.birthDates, { date });
    }
    for (const n of values(cell(layout.nationality))) addUnique(e.countries, countryNameToAlpha3(n));
    if (kind !== 'person') for (const c of values(cell(layout.country))) addUnique(e.countries, countryNameToAlpha3(c));
    for (const c of values(cell(layout.flag))) addUnique(e.countries, countryNameToAlpha3(c));
    const ids: Array<[string, ListedIdentifier['type']]> = [
      [cell(layout.passport), 'passport'], [cell(layout.nationalId), 'national_id'],
      [cell(layout.imo), 'imo'], [cell(layout.registration), 'registration'],
    ];
    for (const [v, type] of ids) for (const value of values(v)) addIdentifier(e.identifiers, { type, value });
    addUnique(e.programs, cell(layout.regime));
    const g = cell(layout.gender).toLowerCase();
    if (g === 'male' || g === 'female') e.gender = g;
    const listed = ukDate(cell(layout.listedOn));
    if (listed && (!e.listedOn || listed < e.listedOn)) e.listedOn = listed;
    const remarks = shortenRemarks(cell(layout.other));
    if (remarks && !e.remarks) e.remarks = remarks;
  }
  const entities = [...byKey.values()].map((s) => s.entity);
  // An entry with only alias or "Primary name variation" rows: its first name stands as primary.
  for (const e of entities) if (e.names[0] && e.names[0].quality !== 'primary') e.names[0].quality = 'primary';
  return { ok: true, entities };
}
