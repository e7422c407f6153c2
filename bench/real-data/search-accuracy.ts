// The repeat-identity search on real faces, run through the product's own search (PGlite with
// its pgvector HNSW index, as the embedded default runs it): half the people are enrolled with
// one photo each; every other photo of an enrolled person should find them (a repeat caught),
// and no photo should land within the bound of someone else's face (a false flag).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { FACE_MATCH_MAX, FACE_SEARCH_MAX } from '../../src/server/decisions/face-thresholds';
import { nearestFaces } from '../../src/server/identity/face-search';
import { storeIdentityMark } from '../../src/server/identity/identity-marks';
import { testVerificationId } from '../../src/server/testing/test-ids';

export interface SearchBound {
  bound: number;
  /** Share of repeat queries (another photo of an enrolled person) that found that person within the bound. */
  found: number;
  /** Share of all queries with someone else's face within the bound. */
  falseFlag: number;
  /** False flags per query per stored face: what a larger organisation multiplies. */
  perStoredFace: number;
}
export interface SearchAccuracy {
  enrolled: number;
  repeatQueries: number;
  strangerQueries: number;
  strangers: number;
  /** Share of queries whose nearest stored face is the same with the index as with the exact scan. */
  indexAgrees: number;
  bounds: SearchBound[];
}

const ORG = 'org_real';

export async function measureSearchAccuracy(photos: { person: string; key: string; descriptor: number[] | null }[]): Promise<SearchAccuracy> {
  const byPerson = new Map<string, number[][]>();
  for (const p of photos) if (p.descriptor) byPerson.set(p.person, [...(byPerson.get(p.person) ?? []), p.descriptor]);
  const people = [...byPerson.keys()].sort();
  const enrolled = people.filter((_, i) => i % 2 === 0);
  const strangers = people.filter((_, i) => i % 2 === 1);
  const dir = mkdtempSync(join(tmpdir(), 'idv-real-search-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    const now = new Date();
    for (const person of enrolled) {
      await storeIdentityMark(database.db, { verificationId: testVerificationId(`enrolled:${person}`), orgId: ORG, embedding: byPerson.get(person)![0]!, documentDigest: null, nameDigest: null }, now, null);
    }
    const queries = [
      ...enrolled.flatMap((person) => byPerson.get(person)!.slice(1).map((q) => ({ person, q, repeat: true }))),
      ...strangers.flatMap((person) => byPerson.get(person)!.map((q) => ({ person, q, repeat: false }))),
    ];
    const bounds = [FACE_SEARCH_MAX, 0.45, FACE_MATCH_MAX];
    const tally = bounds.map(() => ({ found: 0, falseFlag: 0, falsePairs: 0 }));
    let agrees = 0;
    for (const { person, q, repeat } of queries) {
      const hits = await nearestFaces(database.db, database.db, { orgId: ORG, exclude: testVerificationId('-'), embedding: q, limit: 20 });
      const exact = await nearestFaces(database.db, database.db, { orgId: ORG, exclude: testVerificationId('-'), embedding: q, limit: 1, exact: true });
      if (hits[0]?.verificationId === exact[0]?.verificationId) agrees += 1;
      bounds.forEach((bound, i) => {
        const within = hits.filter((h) => h.distance <= bound);
        const others = within.filter((h) => h.verificationId !== `enrolled:${person}`);
        if (repeat && within.length > others.length) tally[i]!.found += 1;
        if (others.length) tally[i]!.falseFlag += 1;
        tally[i]!.falsePairs += others.length;
      });
    }
    const repeatQueries = queries.filter((x) => x.repeat).length;
    return {
      enrolled: enrolled.length,
      repeatQueries,
      strangerQueries: queries.length - repeatQueries,
      strangers: strangers.length,
      indexAgrees: agrees / queries.length,
      bounds: bounds.map((bound, i) => ({
        bound,
        found: tally[i]!.found / (repeatQueries || 1),
        falseFlag: tally[i]!.falseFlag / queries.length,
        perStoredFace: tally[i]!.falsePairs / (queries.length * enrolled.length),
      })),
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The chance an honest newcomer is falsely flagged when the organisation holds `stored` faces. */
export const flagChance = (perStoredFace: number, stored: number) => 1 - (1 - perStoredFace) ** stored;

export function searchAccuracyLines(s: SearchAccuracy): string[] {
  const pct = (x: number, d = 1) => `${(x * 100).toFixed(d)} %`;
  return [
    `${s.enrolled} people enrolled with one photo each; ${s.repeatQueries} other photos of them searched (repeats), and ${s.strangerQueries} photos of ${s.strangers} never-enrolled people (strangers). Through the product's search (PGlite, HNSW): its nearest face was the exact scan's in ${pct(s.indexAgrees)} of queries.`, '',
    '| bound (distance ≤) | repeats found | queries falsely flagged | false flags per stored face | flagged at 10,000 stored | at 100,000 |', '|---|---|---|---|---|---|',
    ...s.bounds.map((b) => `| ${b.bound.toFixed(2)}${b.bound === FACE_SEARCH_MAX ? ' (the product\'s)' : ''} | ${pct(b.found)} | ${pct(b.falseFlag, 2)} | ${b.perStoredFace.toExponential(1)} | ${pct(flagChance(b.perStoredFace, 10_000))} | ${pct(flagChance(b.perStoredFace, 100_000))} |`),
    '',
    '- "found": another photo of the same person (taken at another time, often years apart) lands within the bound. A repeat applicant submitting fresh selfies is closer than these pairs, so this is a floor.',
    '- the last two columns extrapolate the measured per-face rate; at 0 measured false flags they say only that the rate is below what this set can see.',
  ];
}
