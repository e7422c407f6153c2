import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';
import { countryCodeToAlpha3, countryNameToAlpha3, ISO_3166_1 } from './countries';

const testdata = (name: string) => readFileSync(new URL(`./importers/testdata/${name}`, import.meta.url), 'utf8');

/** Strings in the real files that honestly name no one current country. */
const UNMAPPABLE = new Set([
  'undetermined', // OFAC ADD.CSV
  'Netherlands Antilles', // OFAC ADD.CSV: dissolved 2010, no ISO 3166-1 code
  'Region: Kafia Kingi', // OFAC ADD.CSV: disputed between Sudan and South Sudan
  'None Identified', // OFAC Vess_flag
  'former Soviet Union', // UN NATIONALITY
  'na', // UN NATIONALITY: not available
]);

function ofacCountryStrings(): Set<string> {
  const out = new Set<string>();
  const add = readCsv(testdata('ofac-add.csv'));
  const sdn = readCsv(testdata('ofac-sdn.csv'));
  if (!add.ok || !sdn.ok) throw new Error('testdata unreadable');
  for (const r of add.records) out.add(r.fields[4]!.trim());
  for (const r of sdn.records) {
    out.add(r.fields[9]!.trim());
    for (const m of r.fields[11]!.matchAll(/(?:nationality|citizen) (?:possibly )?([^;.]+)/g)) out.add(m[1]!.trim());
  }
  out.delete('-0-');
  out.delete('');
  return out;
}

function unCountryStrings(): Set<string> {
  const xml = testdata('un-consolidated.xml');
  const out = new Set<string>();
  for (const m of xml.matchAll(/<(?:COUNTRY|ISSUING_COUNTRY|COUNTRY_OF_ISSUE)>([^<]+)</g)) out.add(m[1]!.trim());
  for (const block of xml.matchAll(/<NATIONALITY>([\s\S]*?)<\/NATIONALITY>/g)) {
    for (const m of block[1]!.matchAll(/<VALUE>([^<]+)<\/VALUE>/g)) out.add(m[1]!.trim());
  }
  return out;
}

describe('countries', () => {
  it('holds the 249 ISO 3166-1 entries', () => {
    expect(ISO_3166_1).toHaveLength(249);
    expect(new Set(ISO_3166_1.map((c) => c[0])).size).toBe(249);
  });

  it('maps every country string of the real OFAC files except the few that name no country', () => {
    const strings = ofacCountryStrings();
    expect(strings.size).toBeGreaterThan(150);
    const missed = [...strings].filter((s) => !countryNameToAlpha3(s) && !UNMAPPABLE.has(s));
    expect(missed).toEqual([]);
  });

  it('maps every country string of the real UN file except the few that name no country', () => {
    const strings = unCountryStrings();
    expect(strings.size).toBeGreaterThan(60);
    const missed = [...strings].filter((s) => !countryNameToAlpha3(s) && !UNMAPPABLE.has(s));
    expect(missed).toEqual([]);
  });

  it('reads the publishers’ spellings', () => {
    const cases: Array<[string, string]> = [
      ['Iran (Islamic Republic of)', 'IRN'],
      ['Korea, North', 'PRK'],
      ["Democratic People's Republic of Korea", 'PRK'],
      ['Russian Federation', 'RUS'],
      ['Russia', 'RUS'],
      ['Syria', 'SYR'],
      ['Syrian Arab Republic', 'SYR'],
      ['Viet Nam', 'VNM'],
      ['Türkiye', 'TUR'],
      ['Turkey', 'TUR'],
      ['Congo, Democratic Republic of the', 'COD'],
      ['Democratic Republic of the Congo', 'COD'],
      ['Congo', 'COG'],
      ['Palestinian', 'PSE'],
      ['State of Palestine', 'PSE'],
      ['Iranian', 'IRN'],
      ['Bahamas, The', 'BHS'],
      ['Cote d Ivoire', 'CIV'],
      ["Côte d'Ivoire", 'CIV'],
      ['United Kingdom of Great Britain and Northern Ireland', 'GBR'],
      ['China, Hong Kong Special Administrative Region', 'HKG'],
      ['Burma', 'MMR'],
      ['Kosovo', 'XKX'],
      ['  iraq ', 'IRQ'],
    ];
    for (const [name, alpha3] of cases) expect([name, countryNameToAlpha3(name)]).toEqual([name, alpha3]);
    expect(countryNameToAlpha3('undetermined')).toBeUndefined();
  });

  it('reads alpha-2 and alpha-3 codes in any case, and nothing else as a code', () => {
    expect(countryCodeToAlpha3('ir')).toBe('IRN');
    expect(countryCodeToAlpha3('RU')).toBe('RUS');
    expect(countryCodeToAlpha3('xk')).toBe('XKX');
    expect(countryCodeToAlpha3('prk')).toBe('PRK');
    expect(countryCodeToAlpha3('ZZ')).toBeUndefined();
    expect(countryCodeToAlpha3('ABC')).toBeUndefined();
    expect(countryCodeToAlpha3('Iran')).toBeUndefined();
  });
});
