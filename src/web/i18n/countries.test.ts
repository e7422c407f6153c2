import { describe, expect, it } from 'vitest';
import { COUNTRIES, alpha2ToAlpha3, alpha3ToAlpha2 } from './countries';
import { countryName, countryOptions } from './country-names';
import { alpha3Schema } from '../../contract/common';

describe('country table', () => {
  it('holds the 249 ISO 3166-1 countries plus Kosovo', () => {
    expect(COUNTRIES).toHaveLength(250);
  });

  it('has well-formed, unique codes both ways', () => {
    const a2 = new Set<string>();
    const a3 = new Set<string>();
    for (const c of COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(alpha3Schema.safeParse(c.alpha3).success).toBe(true);
      a2.add(c.alpha2);
      a3.add(c.alpha3);
    }
    expect(a2.size).toBe(COUNTRIES.length);
    expect(a3.size).toBe(COUNTRIES.length);
  });

  it('maps well-known pairs (ICAO/ISO codes printed on documents)', () => {
    expect(alpha2ToAlpha3('FR')).toBe('FRA');
    expect(alpha2ToAlpha3('de')).toBe('DEU');
    expect(alpha2ToAlpha3('GB')).toBe('GBR');
    expect(alpha2ToAlpha3('US')).toBe('USA');
    expect(alpha2ToAlpha3('NG')).toBe('NGA');
    expect(alpha3ToAlpha2('CHE')).toBe('CH');
    expect(alpha3ToAlpha2('ZZZ')).toBeNull();
    expect(alpha2ToAlpha3('ZZ')).toBeNull();
  });

  it('round-trips every code', () => {
    for (const c of COUNTRIES) expect(alpha3ToAlpha2(alpha2ToAlpha3(c.alpha2)!)).toBe(c.alpha2);
  });

  it('gets a real name from Intl for every alpha-2 code', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const unnamed = COUNTRIES.filter((c) => !names.of(c.alpha2));
    expect(unnamed).toEqual([]);
  });
});

describe('country names', () => {
  it('localises and sorts with the language collation', () => {
    expect(countryName('DEU', 'fr')).toBe('Allemagne');
    expect(countryName('DEU', 'de')).toBe('Deutschland');
    const fr = countryOptions('fr').map((o) => o.label);
    // "Égypte" sorts with the E's in French, not after Z.
    expect(fr.indexOf('Égypte')).toBeGreaterThan(fr.indexOf('Danemark'));
    expect(fr.indexOf('Égypte')).toBeLessThan(fr.indexOf('Espagne'));
    expect(countryOptions('en')).toHaveLength(250);
  });
});
