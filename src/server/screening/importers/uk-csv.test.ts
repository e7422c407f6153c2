import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importUkCsv } from './uk-csv';

// No published UK Sanctions List CSV or ConList.csv (nor a sourced excerpt) could be found in a
// public repository: both samples are made here in the published layouts, with the values the UN
// list publishes for the same UN designees (testdata/README.md).
const read = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const fcdo = read('uk-sanctions-list-sample.csv');
const ofsi = read('ofsi-conlist-sample.csv');

describe('UK sanctions list CSV importer: FCDO UK Sanctions List (2026 layout)', () => {
  const r = importUkCsv(fcdo);
  if (!r.ok) throw new Error(r.error);
  const byKey = (key: string) => r.entities.find((e) => e.key === key)!;

  it('groups the rows of one Unique ID into one entity', () => {
    expect(r.entities.map((e) => [e.key, e.kind])).toEqual([['AFG0006', 'person'], ['AFG0001', 'organization'], ['RUS1780', 'vessel']]);
  });

  it('reads an individual: Name 1…5 as given, Name 6 as family, non-Latin name, dates with 00, nationality', () => {
    expect(byKey('AFG0006')).toEqual({
      key: 'AFG0006',
      kind: 'person',
      names: [
        { full: 'MOHAMMAD HASSAN AKHUND', given: 'MOHAMMAD HASSAN', family: 'AKHUND', quality: 'primary' },
        { full: 'محمد حسن آخوند', quality: 'primary' },
        { full: 'MOHAMMAD HASAN AKHUND', given: 'MOHAMMAD HASAN', family: 'AKHUND', quality: 'strong' },
      ],
      countries: ['AFG'],
      birthDates: [{ date: '1955' }, { date: '1945' }],
      identifiers: [],
      programs: ['The Afghanistan (Sanctions) (EU Exit) Regulations 2020'],
      listedOn: '2001-01-25',
      remarks: 'Belongs to Kakar tribe.',
    });
  });

  it('reads an entity with a low-quality alias and address countries, and a ship with its IMO and flag', () => {
    const e = byKey('AFG0001');
    expect(e.names.map((n) => [n.full, n.quality])).toEqual([
      ['HAJI KHAIRULLAH HAJI SATTAR MONEY EXCHANGE', 'primary'],
      ['حاجی خيرالله و حاجی ستار صرافی', 'primary'],
      ['HAJI KHAIRULLAH AND HAJI SATTAR SARAFI', 'weak'],
    ]);
    expect(e.countries).toEqual(['PAK', 'AFG']);
    expect(byKey('RUS1780')).toMatchObject({ identifiers: [{ type: 'imo', value: '9187629' }], countries: ['IRN'] });
  });
});

describe('UK sanctions list CSV importer: OFSI ConList.csv (older layout)', () => {
  it('groups rows by Group ID, reads nationality adjectives and "Primary name variation"', () => {
    const r = importUkCsv(ofsi);
    if (!r.ok) throw new Error(r.error);
    expect(r.entities).toHaveLength(2);
    expect(r.entities[0]).toMatchObject({
      key: '7172', kind: 'person', countries: ['AFG'], birthDates: [{ date: '1955' }, { date: '1945' }],
      programs: ['Afghanistan'], listedOn: '2001-01-25',
    });
    expect(r.entities[0]!.names.map((n) => n.full)).toEqual(['MOHAMMAD HASSAN AKHUND', 'محمد حسن آخوند']);
    expect(r.entities[1]).toMatchObject({ key: '12906', countries: ['COD'], birthDates: [{ date: '1971' }], listedOn: '2012-12-31' });
  });
});

describe('UK sanctions list CSV importer: broken files name the line', () => {
  it('no header', () => {
    expect(importUkCsv('Report Date: 13-Feb-2026\nfoo,bar\n')).toMatchObject({ ok: false, line: 1 });
  });
  it('a row cut short', () => {
    const lines = fcdo.split('\r\n');
    lines[3] = lines[3]!.slice(0, 60);
    expect(importUkCsv(lines.join('\r\n'))).toMatchObject({ ok: false, line: 4 });
  });
  it('an unbalanced quote', () => {
    expect(importUkCsv(ofsi.replace('AKHUND,MOHAMMAD', '"AKHUND,MOHAMMAD'))).toMatchObject({ ok: false, line: 3 });
  });
  it('a row without key or name', () => {
    expect(importUkCsv(ofsi.replace(',12906', ','))).toMatchObject({ ok: false, line: 5, error: expect.stringMatching(/Group ID is empty/) });
    expect(importUkCsv(ofsi.replace('BADEGE,ERIC', ','))).toMatchObject({ ok: false, line: 5, error: expect.stringMatching(/without a name/) });
  });
  it('one key with two designation types', () => {
    expect(importUkCsv(ofsi.replace('Individual,Primary name variation', 'Entity,Primary name variation'))).toMatchObject({ ok: false, line: 4 });
  });
});
