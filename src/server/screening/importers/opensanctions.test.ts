import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importOpenSanctionsFtmJson, importOpenSanctionsSimpleCsv } from './opensanctions';

// entities.ftm.json is a real OpenSanctions excerpt (7 entities of eu_fsf, via opensanctions/yente's
// test fixtures); the simple CSV is made here from those same entities (testdata/README.md).
const read = (name: string) => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const ftm = read('opensanctions-eu_fsf.ftm.json');
const simple = read('opensanctions-targets.simple-sample.csv');

describe('OpenSanctions FtM JSON lines importer (real excerpt)', () => {
  const r = importOpenSanctionsFtmJson(ftm);
  if (!r.ok) throw new Error(r.error);
  const byKey = (key: string) => r.entities.find((e) => e.key === key)!;

  it('reads the six targets and skips the Address entity', () => {
    expect(r.entities.map((e) => [e.key, e.kind])).toEqual([
      ['NK-2GdmHtZTeNXjNVrBGEXZNj', 'organization'],
      ['NK-2Ka3UvopqbpZmVDFjWd4LA', 'person'],
      ['NK-2KeUB68qUJtykm3BuAcazG', 'person'],
      ['NK-2Mht2rqBeravCTdyQAWc4o', 'person'],
      ['NK-2Myxbs6wX9xFKGoQn3sLaY', 'person'],
      ['NK-2PacmNpiLUmoz4XD2mSt7A', 'organization'],
    ]);
    expect(r.entities.every((e) => !e.pep && e.programs[0] === 'eu_fsf')).toBe(true);
  });

  it('reads a person: names in several scripts, birth date, lower-case nationality to alpha-3, tax number, gender', () => {
    expect(byKey('NK-2Ka3UvopqbpZmVDFjWd4LA')).toEqual({
      key: 'NK-2Ka3UvopqbpZmVDFjWd4LA',
      kind: 'person',
      names: [
        { full: 'Vitalij Kuzmenko', quality: 'primary' },
        { full: 'Виталий Юрьевич КУЗЬМЕНКО', quality: 'strong' },
        { full: 'Vitaly Yurievich KUZMENKO', quality: 'strong' },
      ],
      countries: ['RUS'],
      birthDates: [{ date: '1971-01-22' }],
      gender: 'male',
      identifiers: [{ type: 'tax_id', value: '366510784303' }],
      programs: ['eu_fsf'],
      listedOn: '2024-02-23',
      remarks: 'The plant is part of the High Precision Systems holding company of Rostec',
    });
    expect(byKey('NK-2GdmHtZTeNXjNVrBGEXZNj')).toMatchObject({ countries: ['BLR'], identifiers: [{ type: 'registration', value: '808000714' }] });
    expect(byKey('NK-2GdmHtZTeNXjNVrBGEXZNj').names).toHaveLength(12);
  });

  it('marks role.pep as a PEP', () => {
    const pep = ftm.replace('"topics":["sanction"],"gender":["female"]', '"topics":["role.pep"],"gender":["female"]');
    const p = importOpenSanctionsFtmJson(pep);
    expect(p.ok && p.entities.find((e) => e.key === 'NK-2KeUB68qUJtykm3BuAcazG')!.pep).toBe(true);
  });

  it('names the line of a truncated entity, an entity without id or name, a duplicate id', () => {
    const lines = ftm.split('\n');
    expect(importOpenSanctionsFtmJson(ftm.slice(0, ftm.indexOf('NK-2KeUB68qUJtykm3BuAcazG') + 100))).toMatchObject({ ok: false, line: 3 });
    expect(importOpenSanctionsFtmJson(ftm.replace('"id":"NK-2KeUB68qUJtykm3BuAcazG",', ''))).toMatchObject({ ok: false, line: 3, error: 'line 3: entity without id' });
    expect(importOpenSanctionsFtmJson([...lines.slice(0, 2), lines[1]].join('\n'))).toMatchObject({ ok: false, line: 3, error: expect.stringMatching(/twice/) });
    const noName = lines[2]!.replace(/"name":\[[^\]]*\],/, '');
    expect(importOpenSanctionsFtmJson([lines[0], noName].join('\n'))).toMatchObject({ ok: false, line: 2, error: expect.stringMatching(/no name/) });
  });
});

describe('OpenSanctions targets.simple.csv importer (sample made from the real excerpt)', () => {
  it('reads rows, ;-separated aliases, lower-case countries, untyped identifiers', () => {
    const r = importOpenSanctionsSimpleCsv(simple);
    if (!r.ok) throw new Error(r.error);
    expect(r.entities).toHaveLength(6);
    const k = r.entities.find((e) => e.key === 'NK-2Ka3UvopqbpZmVDFjWd4LA')!;
    expect(k).toEqual({
      key: 'NK-2Ka3UvopqbpZmVDFjWd4LA', kind: 'person',
      names: [
        { full: 'Vitaly Yurievich KUZMENKO', quality: 'primary' },
        { full: 'Vitalij Kuzmenko', quality: 'strong' },
        { full: 'Виталий Юрьевич КУЗЬМЕНКО', quality: 'strong' },
      ],
      countries: ['RUS'], birthDates: [{ date: '1971-01-22' }], identifiers: [{ type: 'other', value: '366510784303' }], programs: [],
    });
    const pep = importOpenSanctionsSimpleCsv(simple, { pep: true });
    expect(pep.ok && pep.entities.every((e) => e.pep)).toBe(true);
  });

  it('names the line of a broken file', () => {
    expect(importOpenSanctionsSimpleCsv('id,name\nx,y\n')).toMatchObject({ ok: false, line: 1 });
    const lines = simple.split('\n');
    expect(importOpenSanctionsSimpleCsv([...lines.slice(0, 3), lines[2]].join('\n'))).toMatchObject({ ok: false, line: 4, error: expect.stringMatching(/twice/) });
    expect(importOpenSanctionsSimpleCsv(simple.replace('Vitaly Yurievich KUZMENKO,', '"Vitaly Yurievich KUZMENKO,'))).toMatchObject({ ok: false, line: 3 });
  });
});
