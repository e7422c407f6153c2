import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../test-support/images/seeded-random';

// Real common full names for the false-hit rate: forenames and surnames by country from a CC0
// dataset (common-names/README.md says where from and how they are combined). Seeded: the
// same names every run.

/** One generated person: a name as a document would give it, and a birth date when asked. */
export interface CommonName {
  /** ISO 3166-1 alpha-2, the country whose name lists the name comes from (the document's issuing state). */
  country: string; first: string; last: string;
  /** The forename's gender in the dataset (the document's sex). */
  gender: 'male' | 'female';
  dob?: string;
}

const DIR = join(import.meta.dirname, 'common-names');

function readCsv(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(join(DIR, file), 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
  const cols = head!.split(',');
  // The files quote nothing and hold no commas inside fields (checked by the row width).
  return lines.map((l) => l.split(',')).filter((r) => r.length === cols.length).map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i]!])));
}

/** The project's seeded PRNG (mulberry32), re-exported for the recall generator. */
export const seeded = seededRandom;

const byRank = <T>(xs: T[], r: () => number): T => {
  // Weight 1/rank: a popular name comes often, a rarer one sometimes.
  const total = xs.reduce((s, _, i) => s + 1 / (i + 1), 0);
  let x = r() * total;
  for (let i = 0; i < xs.length; i++) { x -= 1 / (i + 1); if (x <= 0) return xs[i]!; }
  return xs.at(-1)!;
};

/** `n` common full names (a forename and a surname, or a patronymic, of one country), with birth dates when `withDob`. */
export function commonNames(n: number, opts: { seed?: number; withDob?: boolean } = {}): CommonName[] {
  const r = seeded(opts.seed ?? 28);
  const fore = new Map<string, { name: string; male: boolean }[]>();
  for (const row of readCsv('common-forenames-by-country.csv')) {
    const name = row['Romanized Name']!.trim();
    if (!name) continue;
    const list = fore.get(row.Country!) ?? [];
    list.push({ name, male: row.Gender === 'M' });
    fore.set(row.Country!, list);
  }
  const sur = new Map<string, string[]>();
  for (const row of readCsv('common-surnames-by-country.csv')) {
    const name = row['Romanized Name']!.trim();
    if (name) sur.set(row.Country!, [...(sur.get(row.Country!) ?? []), name]);
  }
  const countries = [...fore.keys()].sort();
  const out: CommonName[] = [];
  const start = Date.UTC(1940, 0, 1); const end = Date.UTC(2006, 11, 31);
  while (out.length < n) {
    const country = countries[Math.floor(r() * countries.length)]!;
    const forename = byRank(fore.get(country)!, r);
    const first = forename.name;
    const surnames = sur.get(country);
    const males = fore.get(country)!.filter((f) => f.male);
    const last = surnames?.length ? byRank(surnames, r) : males.length ? byRank(males, r).name : byRank(fore.get(country)!, r).name;
    const dob = opts.withDob ? new Date(start + Math.floor(r() * (end - start))).toISOString().slice(0, 10) : undefined;
    out.push({ country, first, last, gender: forename.male ? 'male' : 'female', ...(dob ? { dob } : {}) });
  }
  return out;
}
