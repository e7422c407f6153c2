import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListedEntity } from '../listed-entity';
import { importUnXml } from './un-xml';

// The real UN consolidated list (generated 2026-02-27, testdata/README.md).
const xml = readFileSync(new URL('./testdata/un-consolidated.xml', import.meta.url), 'utf8');
const lineOf = (needle: string) => xml.slice(0, xml.indexOf(needle)).split('\n').length;

describe('UN consolidated list XML importer (real file)', () => {
  const started = performance.now();
  const r = importUnXml(xml);
  const elapsedMs = performance.now() - started;
  if (!r.ok) throw new Error(r.error);
  const entities = r.entities;
  const byKey = (key: string) => entities.find((e) => e.key === key)!;
  const count = (f: (e: ListedEntity) => number) => entities.reduce((a, e) => a + f(e), 0);

  it('reads all 730 individuals and 273 entities in under 2 s', () => {
    expect(elapsedMs).toBeLessThan(2000);
    expect(r.publishedAt).toBe('2026-02-27T00:00:09.554Z');
    expect(entities).toHaveLength(1003);
    expect(entities.filter((e) => e.kind === 'person')).toHaveLength(730);
    expect(entities.filter((e) => e.kind === 'organization')).toHaveLength(273);
    const quality: Record<string, number> = {};
    for (const e of entities) for (const n of e.names) quality[n.quality] = (quality[n.quality] ?? 0) + 1;
    // 1,003 listed names + 377 of the 378 NAME_ORIGINAL_SCRIPT names (primary: the same name in its own
    // script; one repeats a name already listed and is dropped as a duplicate).
    expect(quality).toEqual({ primary: 1380, strong: 2108, weak: 615, fka: 18 });
    expect(count((e) => e.birthDates.length)).toBe(863);
    expect(entities.filter((e) => e.birthDates.length > 0)).toHaveLength(677);
    expect(count((e) => e.birthDates.filter((d) => d.fromYear !== undefined).length)).toBe(147);
    const types: Record<string, number> = {};
    for (const e of entities) for (const i of e.identifiers) types[i.type] = (types[i.type] ?? 0) + 1;
    expect(types).toEqual({ passport: 309, national_id: 139 });
    expect(entities.filter((e) => e.countries.length > 0)).toHaveLength(800);
    expect(entities.filter((e) => e.programs.length === 1)).toHaveLength(1003);
    for (const e of entities) {
      for (const c of e.countries) expect(c).toMatch(/^[A-Z]{3}$/);
      for (const d of e.birthDates) expect(d.date).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect((e.remarks ?? '').length).toBeLessThanOrEqual(2000);
      expect(new Set(e.names.map((n) => n.full)).size).toBe(e.names.length);
    }
  });

  it('reads an individual: name parts, nationality, year of birth, gender, listing date', () => {
    expect(byKey('6907993')).toMatchObject({
      kind: 'person',
      names: [{ full: 'ERIC BADEGE', given: 'ERIC', family: 'BADEGE', quality: 'primary' }],
      countries: ['COD'],
      birthDates: [{ date: '1971' }],
      gender: 'male',
      programs: ['DRC'],
      listedOn: '2012-12-31',
    });
  });

  it('keeps the original-script name, reads APPROXIMATELY as a range, documents with their country', () => {
    const mansour = byKey('111090');
    expect(mansour.names.map((n) => [n.full, n.quality])).toEqual([
      ['AKHTAR MOHAMMAD MANSOUR SHAH MOHAMMED', 'primary'],
      ['اختر محمد منصور شاه محمد', 'primary'],
      ['Akhtar Mohammad Mansour Khan Muhammad', 'strong'],
      ['Akhtar Muhammad Mansoor', 'strong'],
      ['Akhtar Mohammad Mansoor', 'strong'],
      ['Naib Imam', 'weak'],
    ]);
    expect(mansour.birthDates).toEqual([{ date: '1960', fromYear: 1959, toYear: 1961 }, { date: '1966' }]);
    expect(mansour.identifiers).toEqual([{ type: 'passport', value: 'SE-011697', country: 'AFG' }]);
    expect(mansour.programs).toEqual(['Taliban']);
  });

  it('reads an entity: a.k.a. and f.k.a. aliases, address country', () => {
    const adf = byKey('6908402');
    expect(adf.kind).toBe('organization');
    expect(adf.names.map((n) => [n.full, n.quality])).toEqual([
      ['ADF', 'primary'],
      ['Allied Democratic Forces', 'strong'],
      ['Forces Démocratiques Alliées-Armée Nationale de Libération de l’Ouganda', 'fka'],
      ['ADF/NALU', 'fka'],
      ['NALU', 'fka'],
    ]);
    expect(adf.countries).toEqual(['COD']);
    expect(adf.remarks!.length).toBeGreaterThan(1000);
  });
});

describe('UN consolidated list XML importer: broken files name the line', () => {
  it('a truncated download fails on its last line', () => {
    const cut = xml.slice(0, 1_000_000);
    expect(importUnXml(cut)).toMatchObject({ ok: false, line: cut.split('\n').length, error: expect.stringMatching(/truncated/) });
  });
  it('a mismatched closing tag', () => {
    const bad = xml.replace('<FIRST_NAME>ERIC</FIRST_NAME>', '<FIRST_NAME>ERIC</FIRSTNAME>');
    expect(importUnXml(bad)).toMatchObject({ ok: false, line: 7 });
  });
  it('an individual without a DATAID', () => {
    const bad = xml.replace('<DATAID>6907993</DATAID>', '');
    expect(importUnXml(bad)).toMatchObject({ ok: false, line: 4, error: expect.stringMatching(/DATAID/) });
  });
  it('an entity without a name', () => {
    const bad = xml.replace('<FIRST_NAME>ADF</FIRST_NAME>', '');
    expect(importUnXml(bad)).toMatchObject({ ok: false, line: lineOf('<DATAID>6908402</DATAID>') - 1, error: expect.stringMatching(/no name/) });
  });
  it('a DATAID listed twice', () => {
    const bad = xml.replace('<DATAID>6908024</DATAID>', '<DATAID>6908402</DATAID>');
    expect(importUnXml(bad)).toMatchObject({ ok: false, line: lineOf('<DATAID>6908024</DATAID>') - 1, error: expect.stringMatching(/twice/) });
  });
  it('another list’s XML', () => {
    expect(importUnXml('<?xml version="1.0"?>\n<sdnList></sdnList>')).toMatchObject({ ok: false, line: 1 });
  });
});
