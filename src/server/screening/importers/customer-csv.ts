// A customer's own screening list (their internal watch list, former clients they refuse, local
// PEPs) as CSV. Why a fixed format of our own: customers write these by hand or export them from a
// spreadsheet, so the rules are few and every mistake is reported with its line.
//
// Format (UTF-8, RFC 4180 quoting, a header row with exactly these columns, in any order):
//   id          required, unique: the customer's own key for the entry
//   name        required: the primary name as the customer writes it
//   aliases     optional, ";"-separated other names
//   kind        person | organization (empty = person)
//   birth_date  optional: YYYY, YYYY-MM or YYYY-MM-DD
//   countries   optional, ";"-separated ISO 3166-1 alpha-2 or alpha-3 codes
//   identifiers optional, ";"-separated type:value, type one of passport, national_id,
//               registration, tax_id, imo, swift, other (e.g. "passport:X123;tax_id:99-1")
//   notes       optional free text (kept as remarks, cut to 2,000 characters)
// Example:
//   id,name,aliases,kind,birth_date,countries,identifiers,notes
//   C-17,"DOE, Jane",Jane Smith;J. Doe,person,1980-04,GB;IRL,passport:123456789,refused 2024

import { readCsv } from '../csv';
import { countryCodeToAlpha3 } from '../countries';
import type { ImportParse, ListedEntity, ListedIdentifier } from '../listed-entity';
import { addIdentifier, addName, addUnique, failAt, isoDate, shortenRemarks } from './importer-kit';

/** The columns of a customer list, all required in the header (empty values allowed where optional). */
export const CUSTOMER_CSV_COLUMNS = ['id', 'name', 'aliases', 'kind', 'birth_date', 'countries', 'identifiers', 'notes'] as const;

const ID_TYPES: ReadonlySet<string> = new Set(['passport', 'national_id', 'registration', 'tax_id', 'imo', 'swift', 'other']);

const split = (v: string) => v.split(';').map((s) => s.trim()).filter(Boolean);

/** Reads a customer list (see the format above); the first line that breaks a rule fails the import. */
export function importCustomerCsv(csv: string): ImportParse {
  const read = readCsv(csv);
  if (!read.ok) return read;
  const [header, ...rows] = read.records;
  if (!header) return failAt(1, 'the file is empty: a header row is required');
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = CUSTOMER_CSV_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(CUSTOMER_CSV_COLUMNS as readonly string[]).includes(n));
  if (missing.length || unknown.length) {
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', unknown.length ? `unknown ${unknown.join(', ')}` : ''].filter(Boolean);
    return failAt(header.line, `the header must be ${CUSTOMER_CSV_COLUMNS.join(',')} (${parts.join('; ')})`);
  }
  const col = Object.fromEntries(CUSTOMER_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof CUSTOMER_CSV_COLUMNS)[number], number>;

  const entities: ListedEntity[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const at = (c: keyof typeof col) => (row.fields[col[c]] ?? '').trim();
    if (row.fields.length !== names.length) {
      return failAt(row.line, `expected ${names.length} fields, found ${row.fields.length}`);
    }
    const key = at('id');
    if (!key) return failAt(row.line, 'id is required');
    if (seen.has(key)) return failAt(row.line, `id ${key} is used twice`);
    seen.add(key);
    const name = at('name');
    if (!name) return failAt(row.line, 'name is required');
    const kindText = at('kind').toLowerCase() || 'person';
    if (kindText !== 'person' && kindText !== 'organization') return failAt(row.line, 'kind must be person or organization');
    const e: ListedEntity = { key, kind: kindText, names: [], countries: [], birthDates: [], identifiers: [], programs: [] };
    addName(e.names, { full: name, quality: 'primary' });
    for (const alias of split(at('aliases'))) addName(e.names, { full: alias, quality: 'strong' });
    const birth = at('birth_date');
    if (birth) {
      const d = isoDate(birth);
      if (!d) return failAt(row.line, 'birth_date must be YYYY, YYYY-MM or YYYY-MM-DD');
      e.birthDates.push({ date: d });
    }
    for (const code of split(at('countries'))) {
      const alpha3 = countryCodeToAlpha3(code);
      if (!alpha3) return failAt(row.line, `countries: "${code}" is not an ISO 3166-1 alpha-2 or alpha-3 code`);
      addUnique(e.countries, alpha3);
    }
    for (const item of split(at('identifiers'))) {
      const i = item.indexOf(':');
      const type = i > 0 ? item.slice(0, i).trim().toLowerCase() : '';
      const value = i > 0 ? item.slice(i + 1).trim() : '';
      if (!ID_TYPES.has(type) || !value) {
        return failAt(row.line, `identifiers: "${item}" must be type:value with type one of ${[...ID_TYPES].join(', ')}`);
      }
      addIdentifier(e.identifiers, { type: type as ListedIdentifier['type'], value });
    }
    const remarks = shortenRemarks(at('notes'));
    if (remarks) e.remarks = remarks;
    entities.push(e);
  }
  return { ok: true, entities };
}
