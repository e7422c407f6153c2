// OpenSanctions exports, for customers with an OpenSanctions data licence (the data is CC BY-NC:
// commercial use needs their licence): `targets.simple.csv` (one row per target) and the
// FollowTheMoney entity stream `entities.ftm.json` (one JSON entity per line). Countries there are
// lower-case ISO alpha-2 ("ru", "xk" for Kosovo); `role.pep` in topics marks a politically
// exposed person, which raises a pep_hit rather than a sanctions_hit.

import { readCsv } from '../csv';
import { countryCodeToAlpha3 } from '../countries';
import type { ImportParse, ListedEntity, ListedIdentifier, ListedKind, ListedName } from '../listed-entity';
import { addDate, addIdentifier, addName, addUnique, failAt, isoDate, shortenRemarks } from './importer-kit';

/** FtM schemata that are screening targets → our kind; other schemata (Address, Sanction…) are not entities to screen. */
const KINDS: Readonly<Record<string, ListedKind>> = {
  Person: 'person',
  Organization: 'organization',
  Company: 'organization',
  LegalEntity: 'organization',
  PublicBody: 'organization',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

/** FtM identifier properties → our identifier type. */
const ID_PROPS: ReadonlyArray<readonly [string, ListedIdentifier['type']]> = [
  ['passportNumber', 'passport'],
  ['idNumber', 'national_id'],
  ['registrationNumber', 'registration'],
  ['ogrnCode', 'registration'],
  ['leiCode', 'registration'],
  ['taxNumber', 'tax_id'],
  ['innCode', 'tax_id'],
  ['vatCode', 'tax_id'],
  ['imoNumber', 'imo'],
  ['swiftBic', 'swift'],
];

/** An FtM or simple-CSV date ("1971", "1971-01", "1971-01-22", or a longer timestamp) in our form. */
function ftmDate(v: string): string | undefined {
  const t = v.trim();
  return isoDate(t.length > 10 ? t.slice(0, 10) : t);
}

/** Columns targets.simple.csv must have (it may have more, e.g. program_ids in newer exports). */
export const OPENSANCTIONS_SIMPLE_COLUMNS = ['id', 'schema', 'name', 'aliases', 'birth_date', 'countries', 'identifiers', 'sanctions', 'dataset'] as const;

/**
 * Reads `targets.simple.csv`. Why `pep` is an option: the simple CSV has no topics column, so
 * whether its rows are PEPs is known from which collection was downloaded (e.g. "peps").
 * Identifiers there carry no type and are kept as `other`; sanctions descriptions are programmes.
 */
export function importOpenSanctionsSimpleCsv(csv: string, options: { pep?: boolean } = {}): ImportParse {
  const read = readCsv(csv);
  if (!read.ok) return read;
  const [header, ...rows] = read.records;
  if (!header) return failAt(1, 'the file is empty: a header row is required');
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = OPENSANCTIONS_SIMPLE_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) return failAt(header.line, `not an OpenSanctions targets.simple.csv header (missing ${missing.join(', ')})`);
  const col = (row: string[], c: string) => (row[names.indexOf(c)] ?? '').trim();
  const list = (v: string) => v.split(';').map((s) => s.trim()).filter(Boolean);

  const entities: ListedEntity[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.fields.length !== names.length) return failAt(row.line, `expected ${names.length} fields, found ${row.fields.length}`);
    const key = col(row.fields, 'id');
    if (!key) return failAt(row.line, 'id is required');
    if (seen.has(key)) return failAt(row.line, `id ${key} is listed twice`);
    seen.add(key);
    const name = col(row.fields, 'name');
    if (!name) return failAt(row.line, `id ${key} has no name`);
    const e: ListedEntity = {
      key, kind: KINDS[col(row.fields, 'schema')] ?? 'other', names: [], countries: [], birthDates: [], identifiers: [], programs: [],
    };
    addName(e.names, { full: name, quality: 'primary' });
    for (const a of list(col(row.fields, 'aliases'))) addName(e.names, { full: a, quality: 'strong' });
    for (const d of list(col(row.fields, 'birth_date'))) {
      const date = ftmDate(d);
      if (date) addDate(e.birthDates, { date });
    }
    for (const c of list(col(row.fields, 'countries'))) addUnique(e.countries, countryCodeToAlpha3(c));
    for (const id of list(col(row.fields, 'identifiers'))) addIdentifier(e.identifiers, { type: 'other', value: id });
    for (const s of list(col(row.fields, 'sanctions'))) addUnique(e.programs, s);
    if (options.pep) e.pep = true;
    entities.push(e);
  }
  return { ok: true, entities };
}

interface FtmEntity {
  id?: unknown;
  schema?: unknown;
  target?: unknown;
  datasets?: unknown;
  properties?: Record<string, unknown>;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);

/**
 * Reads the FtM JSON-lines stream (entities.ftm.json). Entities of non-target schemata (Address,
 * Sanction, Ownership…) and those marked `"target": false` are skipped. Names: the first `name` is
 * primary, other names and `alias` strong, `weakAlias` weak, `previousName` fka. Programmes are
 * `programId` when given, else the datasets the entity came from.
 */
export function importOpenSanctionsFtmJson(jsonl: string): ImportParse {
  const entities: ListedEntity[] = [];
  const seen = new Set<string>();
  const lines = jsonl.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    const line = i + 1;
    if (!raw) continue;
    let ent: FtmEntity;
    try {
      ent = JSON.parse(raw) as FtmEntity;
    } catch {
      return failAt(line, 'not a JSON entity (a truncated download?)');
    }
    if (!ent || typeof ent !== 'object' || Array.isArray(ent)) return failAt(line, 'not a JSON entity object');
    const key = typeof ent.id === 'string' ? ent.id.trim() : '';
    if (!key) return failAt(line, 'entity without id');
    const kind = typeof ent.schema === 'string' ? KINDS[ent.schema] : undefined;
    if (!kind || ent.target === false) continue;
    if (seen.has(key)) return failAt(line, `id ${key} is listed twice`);
    seen.add(key);
    const p = ent.properties ?? {};
    const e: ListedEntity = { key, kind, names: [], countries: [], birthDates: [], identifiers: [], programs: [] };
    strings(p.name).forEach((n, j) => addName(e.names, { full: n, quality: j === 0 ? 'primary' : 'strong' }));
    const more: Array<[string, ListedName['quality']]> = [['alias', 'strong'], ['weakAlias', 'weak'], ['previousName', 'fka']];
    for (const [prop, quality] of more) for (const n of strings(p[prop])) addName(e.names, { full: n, quality });
    if (e.names.length === 0) return failAt(line, `id ${key} has no name`);
    for (const d of strings(p.birthDate)) {
      const date = ftmDate(d);
      if (date) addDate(e.birthDates, { date });
    }
    for (const prop of ['nationality', 'citizenship', 'country', 'jurisdiction', 'flag']) {
      for (const c of strings(p[prop])) addUnique(e.countries, countryCodeToAlpha3(c));
    }
    const gender = strings(p.gender)[0]?.toLowerCase();
    if (gender === 'male' || gender === 'female') e.gender = gender;
    for (const [prop, type] of ID_PROPS) for (const v of strings(p[prop])) addIdentifier(e.identifiers, { type, value: v });
    const topics = strings(p.topics);
    if (topics.includes('role.pep')) e.pep = true;
    const programs = strings(p.programId).length ? strings(p.programId) : strings(ent.datasets);
    for (const prog of programs) addUnique(e.programs, prog);
    const created = strings(p.createdAt).map(ftmDate).filter(Boolean).sort()[0];
    if (created) e.listedOn = created;
    const remarks = shortenRemarks(strings(p.notes).join(' '));
    if (remarks) e.remarks = remarks;
    entities.push(e);
  }
  return { ok: true, entities };
}
