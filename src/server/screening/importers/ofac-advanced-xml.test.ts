import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListedEntity } from '../listed-entity';
import { importOfacAdvancedXml } from './ofac-advanced-xml';
import { importOfacLegacyCsv } from './ofac-legacy-csv';

// No published SDN_ADVANCED.XML (nor an excerpt with its source) could be found in a public
// repository: the sample is made here from OFAC's schema, with the values of eight real legacy
// SDN.CSV entries (testdata/README.md). So the test also checks both importers agree on them.
const read = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const xml = read('ofac-sdn-advanced-sample.xml');

function parse(text: string): ListedEntity[] {
  const r = importOfacAdvancedXml(text);
  if (!r.ok) throw new Error(r.error);
  return r.entities;
}
const lineOf = (needle: string) => xml.slice(0, xml.indexOf(needle)).split('\n').length;

describe('OFAC advanced XML importer (sample made from the schema)', () => {
  const entities = parse(xml);
  const byKey = (key: string) => entities.find((e) => e.key === key)!;

  it('reads every party with its kind, programmes and issue date', () => {
    const r = importOfacAdvancedXml(xml);
    expect(r.ok && r.publishedAt).toBe('2021-07-02');
    expect(entities.map((e) => [e.key, e.kind])).toEqual([
      ['36', 'organization'], ['2674', 'person'], ['4238', 'vessel'], ['7782', 'person'],
      ['10481', 'person'], ['10581', 'person'], ['15496', 'person'], ['15036', 'vessel'],
    ]);
    expect(byKey('10481').programs).toEqual(['SDGT', 'SYRIA', 'NPWMD', 'IRGC', 'IFSR']);
    expect(byKey('36')).toMatchObject({ programs: ['CUBA'], listedOn: '1986-12-10', countries: ['CUB'] });
  });

  it('splits names into family/given and keeps the Arabic-script name as a name', () => {
    expect(byKey('10481').names).toEqual([
      { full: 'SOLEIMANI Qasem', family: 'SOLEIMANI', given: 'Qasem', quality: 'primary' },
      { full: 'سليماني قاسم', family: 'سليماني', given: 'قاسم', quality: 'primary' },
      { full: 'SOLEYMANI Ghasem', family: 'SOLEYMANI', given: 'Ghasem', quality: 'strong' },
    ]);
    expect(byKey('10581').names[0]).toMatchObject({ family: 'BAHMANYAR', given: 'Bahmanyar Morteza' });
    expect(byKey('15036').names.map((n) => [n.full, n.quality])).toEqual([['ARTAVIL', 'primary'], ['ABADAN', 'fka'], ['SHONA', 'fka']]);
    // The primary alias is listed after an a.k.a. in the file: it still comes first.
    expect(byKey('36').names.map((n) => [n.full, n.quality])).toEqual([['AEROCARIBBEAN AIRLINES', 'primary'], ['AERO-CARIBBEAN', 'strong']]);
  });

  it('reads a LowQuality alias as weak', () => {
    const weak = xml.replace('<Alias FixedRef="10481" AliasTypeID="1400" Primary="false" LowQuality="false">', '<Alias FixedRef="10481" AliasTypeID="1400" Primary="false" LowQuality="true">');
    expect(parse(weak).find((e) => e.key === '10481')!.names[2]!.quality).toBe('weak');
  });

  it('reads birth DatePeriods: a day, circa a year, a span of years', () => {
    expect(byKey('2674').birthDates).toEqual([{ date: '1948-12-10' }]);
    expect(byKey('7782').birthDates).toEqual([{ date: '1951', fromYear: 1950, toYear: 1952 }]);
    expect(byKey('15496').birthDates).toEqual([{ date: '1929', fromYear: 1929, toYear: 1930 }]);
  });

  it('reads nationality, citizenship and gender features, documents and IMO numbers', () => {
    expect(byKey('10481')).toMatchObject({ countries: ['IRN'], gender: 'male' });
    expect(byKey('10581').identifiers).toEqual([
      { type: 'passport', value: 'I0005159', country: 'IRN' },
      { type: 'passport', value: '10005159', country: 'IRN' },
    ]);
    expect(byKey('15036')).toMatchObject({ identifiers: [{ type: 'imo', value: '9187629' }], countries: ['IRN'] });
    expect(byKey('4238').countries).toEqual(['CUB']);
  });

  it('agrees with the legacy CSV importer on the same real entries', () => {
    const legacy = importOfacLegacyCsv({ sdn: read('ofac-sdn.csv'), alt: read('ofac-alt.csv'), add: read('ofac-add.csv') });
    if (!legacy.ok) throw new Error(legacy.error);
    for (const e of entities) {
      const l = legacy.entities.find((x) => x.key === e.key)!;
      expect([e.key, e.kind, e.programs, e.birthDates]).toEqual([l.key, l.kind, l.programs, l.birthDates]);
      const primary = l.names[0]!;
      expect(e.names[0]!.family ?? e.names[0]!.full).toBe(primary.family ?? primary.full);
      for (const id of e.identifiers) expect(l.identifiers).toContainEqual(id);
    }
  });
});

describe('OFAC advanced XML importer: broken files name the line', () => {
  it('a truncated file fails on its last line', () => {
    const cut = xml.slice(0, xml.indexOf('<DistinctParty FixedRef="7782">') + 200);
    expect(importOfacAdvancedXml(cut)).toMatchObject({ ok: false, line: cut.split('\n').length });
  });
  it('a party without a name', () => {
    const bad = xml.replace('>MAR AZUL<', '><');
    expect(importOfacAdvancedXml(bad)).toMatchObject({ ok: false, line: lineOf('<DistinctParty FixedRef="4238">'), error: expect.stringMatching(/no name/) });
  });
  it('a FixedRef twice', () => {
    const bad = xml.replace('<DistinctParty FixedRef="7782">', '<DistinctParty FixedRef="4238">');
    expect(importOfacAdvancedXml(bad)).toMatchObject({ ok: false, line: lineOf('<DistinctParty FixedRef="7782">'), error: expect.stringMatching(/twice/) });
  });
  it('a party without FixedRef', () => {
    const bad = xml.replace('<DistinctParty FixedRef="2674">', '<DistinctParty>');
    expect(importOfacAdvancedXml(bad)).toMatchObject({ ok: false, line: lineOf('<DistinctParty FixedRef="2674">') });
  });
  it('another XML', () => {
    expect(importOfacAdvancedXml('<CONSOLIDATED_LIST/>')).toMatchObject({ ok: false, line: 1 });
  });
});
