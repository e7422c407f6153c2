import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importEuXml } from './eu-xml';

// No published EU FSF file (or a sourced excerpt) was found in a public repository: the sample is
// made here in the export format, with values published for these entries (testdata/README.md).
const xml = readFileSync(new URL('./testdata/eu-fsf-sample.xml', import.meta.url), 'utf8');
const lineOf = (needle: string) => xml.slice(0, xml.indexOf(needle)).split('\n').length;

describe('EU financial sanctions XML importer', () => {
  const r = importEuXml(xml);
  if (!r.ok) throw new Error(r.error);
  const byKey = (key: string) => r.entities.find((e) => e.key === key)!;

  it('reads every sanctionEntity with its generation date', () => {
    expect(r.publishedAt).toBe('2024-06-01T10:00:00.000+02:00');
    expect(r.entities.map((e) => [e.key, e.kind])).toEqual([['13', 'person'], ['138001', 'organization'], ['162301', 'person'], ['900001', 'person']]);
  });

  it('reads a person: name parts, weak alias, per-language duplicates removed, citizenship, birth date', () => {
    expect(byKey('13')).toEqual({
      key: '13',
      kind: 'person',
      names: [
        { full: 'Saddam Hussein Al-Tikriti', given: 'Saddam', family: 'Hussein Al-Tikriti', quality: 'primary' },
        { full: 'Abu Ali', quality: 'weak' },
      ],
      countries: ['IRQ'],
      birthDates: [{ date: '1937-04-28' }],
      gender: 'male',
      identifiers: [],
      programs: ['IRQ'],
      listedOn: '2003-07-08',
      remarks: 'UNSC RESOLUTION 1483',
    });
  });

  it('keeps names in other scripts and reads identification numbers', () => {
    const k = byKey('162301');
    expect(k.names.map((n) => n.full)).toEqual(['Vitaly Yurievich KUZMENKO', 'Виталий Юрьевич КУЗЬМЕНКО', 'Vitalij Kuzmenko']);
    expect(k.identifiers).toEqual([{ type: 'tax_id', value: '366510784303', country: 'RUS' }]);
    expect(k.countries).toEqual(['RUS']);
    const t = byKey('138001');
    expect(t.identifiers).toEqual([{ type: 'registration', value: '808000714', country: 'BLR' }]);
    expect(t.countries).toEqual(['BLR']);
    expect(t.programs).toEqual(['BLR']);
  });

  it('reads circa and year ranges', () => {
    expect(byKey('900001').birthDates).toEqual([{ date: '1965', fromYear: 1964, toYear: 1966 }, { date: '1966', fromYear: 1966, toYear: 1968 }]);
  });
});

describe('EU financial sanctions XML importer: broken files name the line', () => {
  it('a truncated file', () => {
    const cut = xml.slice(0, xml.indexOf('logicalId="162303"'));
    expect(importEuXml(cut)).toMatchObject({ ok: false });
  });
  it('an entity without logicalId', () => {
    const bad = xml.replace('euReferenceNumber="EU.8282.49" logicalId="138001"', 'euReferenceNumber="EU.8282.49"');
    expect(importEuXml(bad)).toMatchObject({ ok: false, line: lineOf('EU.8282.49') });
  });
  it('an entity without a name', () => {
    const bad = xml.replace(/<nameAlias[^>]*logicalId="90000[3]"\/>/, '');
    expect(importEuXml(bad)).toMatchObject({ ok: false, line: lineOf('EU.9999.01'), error: expect.stringMatching(/no name/) });
  });
  it('a logicalId twice', () => {
    const bad = xml.replace('logicalId="900001"', 'logicalId="13"');
    expect(importEuXml(bad)).toMatchObject({ ok: false, line: lineOf('EU.9999.01'), error: expect.stringMatching(/twice/) });
  });
});
