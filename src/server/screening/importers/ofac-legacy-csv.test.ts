import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListedEntity } from '../listed-entity';
import { importOfacLegacyCsv, type OfacLegacyFiles } from './ofac-legacy-csv';

// The real OFAC legacy set (July 2021 snapshot, testdata/README.md): counts, a few entries read by
// hand from the files, and broken copies made in memory from the real text.
const read = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const real: OfacLegacyFiles = {
  sdn: read('ofac-sdn.csv'),
  alt: read('ofac-alt.csv'),
  add: read('ofac-add.csv'),
  comments: read('ofac-sdn_comments.csv'),
};

function parseReal(files: OfacLegacyFiles = real): ListedEntity[] {
  const r = importOfacLegacyCsv(files);
  if (!r.ok) throw new Error(r.error);
  return r.entities;
}
const byKey = (entities: ListedEntity[], key: string) => entities.find((e) => e.key === key)!;
/** The SDN text with its 1-based line `n` replaced by `f(line)`. */
function editLine(text: string, n: number, f: (line: string) => string): string {
  const lines = text.split('\r\n');
  lines[n - 1] = f(lines[n - 1]!);
  return lines.join('\r\n');
}

describe('OFAC legacy CSV importer (real July 2021 files)', () => {
  const started = performance.now();
  const entities = parseReal();
  const elapsedMs = performance.now() - started;
  const count = (f: (e: ListedEntity) => number) => entities.reduce((a, e) => a + f(e), 0);

  it('reads every SDN entry with its aliases, birth dates and documents, in well under 2 s', () => {
    expect(entities).toHaveLength(8976);
    expect(new Set(entities.map((e) => e.key)).size).toBe(8976);
    expect(elapsedMs).toBeLessThan(2000);
    const kinds = new Map<string, number>();
    for (const e of entities) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({ organization: 3673, person: 4620, vessel: 406, aircraft: 277 });
    expect(count((e) => e.names.filter((n) => n.quality === 'primary').length)).toBe(8976);
    // ALT.CSV has 11,910 rows; the quoted a.k.a.s of the remarks add OFAC's weak aliases.
    expect(count((e) => e.names.filter((n) => n.quality === 'strong').length)).toBe(COUNTS.strong);
    expect(count((e) => e.names.filter((n) => n.quality === 'weak').length)).toBe(COUNTS.weak);
    expect(count((e) => e.names.filter((n) => n.quality === 'fka').length)).toBe(COUNTS.fka);
    expect(count((e) => e.birthDates.length)).toBe(COUNTS.birthDates);
    expect(entities.filter((e) => e.birthDates.length > 0)).toHaveLength(COUNTS.withBirthDate);
    expect(count((e) => e.identifiers.length)).toBe(COUNTS.identifiers);
    const types = new Map<string, number>();
    for (const e of entities) for (const i of e.identifiers) types.set(i.type, (types.get(i.type) ?? 0) + 1);
    expect(Object.fromEntries(types)).toEqual(COUNTS.identifierTypes);
    expect(entities.filter((e) => e.gender)).toHaveLength(COUNTS.withGender);
    for (const e of entities) {
      for (const c of e.countries) expect(c).toMatch(/^[A-Z]{3}$/);
      for (const d of e.birthDates) expect(d.date).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect((e.remarks ?? '').length).toBeLessThanOrEqual(2000);
      expect(new Set(e.names.map((n) => n.full)).size).toBe(e.names.length);
    }
  });

  it('reads an organisation: ALT.CSV aliases, a quoted weak a.k.a. from the remarks, ADD.CSV countries', () => {
    expect(byKey(entities, '306')).toEqual({
      key: '306',
      kind: 'organization',
      names: [
        { full: 'BANCO NACIONAL DE CUBA', quality: 'primary' },
        { full: 'NATIONAL BANK OF CUBA', quality: 'strong' },
        { full: 'BNC', quality: 'weak' },
      ],
      countries: ['CHE', 'ESP', 'JPN', 'PAN'],
      birthDates: [],
      identifiers: [],
      programs: ['CUBA'],
      remarks: "a.k.a. 'BNC'.",
    });
    const havin = byKey(entities, '906');
    expect(havin.identifiers).toEqual([
      { type: 'swift', value: 'HAVIGB2L' },
      { type: 'registration', value: '01074897', country: 'GBR' },
    ]);
  });

  it('reads an individual: "LAST, First" split, DOB, nationality, passports, several programmes', () => {
    const soleimani = byKey(entities, '10481');
    expect(soleimani.kind).toBe('person');
    expect(soleimani.names[0]).toEqual({ full: 'SOLEIMANI, Qasem', family: 'SOLEIMANI', given: 'Qasem', quality: 'primary' });
    expect(soleimani.birthDates).toEqual([{ date: '1957-03-11' }]);
    expect(soleimani.countries).toContain('IRN');
    expect(soleimani.programs).toEqual(['SDGT', 'SYRIA', 'NPWMD', 'IRGC', 'IFSR']);
    const bahmanyar = byKey(entities, '10581');
    expect(bahmanyar.identifiers).toContainEqual({ type: 'passport', value: 'I0005159', country: 'IRN' });
  });

  it('reads circa and ranged birth years as inclusive ranges', () => {
    expect(byKey(entities, '7782').birthDates).toEqual([{ date: '1951', fromYear: 1950, toYear: 1952 }]);
    expect(byKey(entities, '15496').birthDates).toEqual([{ date: '1929', fromYear: 1929, toYear: 1930 }]);
  });

  it('reads a vessel with its flag and IMO number', () => {
    const vessels = entities.filter((e) => e.kind === 'vessel');
    expect(vessels.filter((v) => v.identifiers.some((i) => i.type === 'imo'))).toHaveLength(COUNTS.vesselsWithImo);
    const hermann = byKey(entities, '4234');
    expect(hermann).toMatchObject({ kind: 'vessel', names: [{ full: 'HERMANN', quality: 'primary' }], countries: ['CUB'] });
  });

  it('continues remarks from SDN_COMMENTS.CSV and reads what the continuation says', () => {
    const li = byKey(entities, '28264');
    expect(real.sdn).not.toContain("a.k.a. 'khaleesi'");
    expect(li.names.map((n) => [n.full, n.quality])).toEqual([
      ['LI, Jiadong', 'primary'],
      ['blackjack1987', 'weak'],
      ['khaleesi', 'weak'],
    ]);
    expect(li.identifiers).toEqual([{ type: 'other', value: '210302198701102136', country: 'CHN' }]);
    expect(li.gender).toBe('male');
    expect(li.remarks).toMatch(/Linked To: LAZARUS GROUP\.$/);
  });

  it('caps remarks at 2,000 characters', () => {
    const longest = Math.max(...entities.map((e) => e.remarks?.length ?? 0));
    expect(longest).toBeLessThanOrEqual(2000);
  });
});

describe('OFAC legacy CSV importer: broken files name the line', () => {
  it('a quoted field never closed (file cut in the middle of a name)', () => {
    const cut = real.sdn.slice(0, real.sdn.indexOf('"BANCO NACIONAL') + 8);
    expect(importOfacLegacyCsv({ ...real, sdn: cut })).toMatchObject({ ok: false, line: 3 });
  });
  it('an unbalanced quote inside a record', () => {
    const sdn = editLine(real.sdn, 3, (l) => l.replace('CUBA",-0-', 'CUBA,-0-'));
    const r = importOfacLegacyCsv({ ...real, sdn });
    expect(r).toMatchObject({ ok: false, line: 3 });
    if (!r.ok) expect(r.error).toMatch(/SDN\.CSV line 3/);
  });
  it('a header row where OFAC has none', () => {
    const sdn = `ent_num,SDN_Name,SDN_Type,Program,Title,Call_Sign,Vess_type,Tonnage,GRT,Vess_flag,Vess_owner,Remarks\r\n${real.sdn}`;
    expect(importOfacLegacyCsv({ ...real, sdn })).toMatchObject({ ok: false, line: 1 });
  });
  it('a record with a field missing', () => {
    const sdn = editLine(real.sdn, 10, (l) => l.replace(',-0- ', ''));
    expect(importOfacLegacyCsv({ ...real, sdn })).toMatchObject({ ok: false, line: 10 });
  });
  it('an entry without a name', () => {
    const sdn = editLine(real.sdn, 1, (l) => l.replace('"AEROCARIBBEAN AIRLINES"', '-0- '));
    expect(importOfacLegacyCsv({ ...real, sdn })).toMatchObject({ ok: false, line: 1, error: expect.stringMatching(/no name/) });
  });
  it('a duplicate ent_num', () => {
    const first = real.sdn.slice(0, real.sdn.indexOf('\r\n') + 2);
    const sdn = real.sdn.slice(0, real.sdn.lastIndexOf('\r\n') + 2) + first;
    expect(importOfacLegacyCsv({ ...real, sdn })).toMatchObject({ ok: false, line: 8977, error: expect.stringMatching(/twice/) });
  });
  it('an alias for an entry SDN.CSV does not have', () => {
    const alt = `99999999,1,"aka","NOBODY",-0- \r\n${real.alt}`;
    const r = importOfacLegacyCsv({ ...real, alt });
    expect(r).toMatchObject({ ok: false, line: 1 });
    if (!r.ok) expect(r.error).toMatch(/^ALT\.CSV line 1/);
  });
  it('an unknown SDN_Type', () => {
    const sdn = editLine(real.sdn, 81, (l) => l.replace('"vessel"', '"submarine"'));
    expect(importOfacLegacyCsv({ ...real, sdn })).toMatchObject({ ok: false, line: 81 });
  });
  it('works without SDN_COMMENTS.CSV (continuations then simply absent)', () => {
    const r = importOfacLegacyCsv({ sdn: real.sdn, alt: real.alt, add: real.add });
    expect(r.ok).toBe(true);
  });
});

/** Counts from the real files, checked by hand against grep where a grep can count them. */
const COUNTS = {
  strong: 11535, // ALT.CSV's 11,523 aka + 18 nka, less 6 identical to a name already listed
  weak: 2417, // grep -o "a\.k\.a\. '" over SDN.CSV and SDN_COMMENTS.CSV: 2,417
  fka: 393, // ALT.CSV's 369 fka + 24 quoted f.k.a. in remarks
  birthDates: 5124,
  withBirthDate: 4428,
  identifiers: 6196,
  identifierTypes: { swift: 82, registration: 1041, passport: 1536, national_id: 1732, tax_id: 1230, other: 95, imo: 480 },
  withGender: 1513,
  vesselsWithImo: 399,
};
