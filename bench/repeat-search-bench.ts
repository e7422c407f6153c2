import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { ensureVectorIndex, hasVector } from '../src/server/db/vector-index';
import { nearestFaces } from '../src/server/identity/face-search';
import { testVerificationId } from '../src/server/testing/test-ids';
import { FACE_AXIS_SD } from './face-spectrum';

// Duplicate-face search: p50/p95 of one search among N stored embeddings of one organisation
// (plus a second organisation of N/10 the filter must skip), and how often the search finds
// the stored face a query was made from (recall@1 against the exact answer).

export interface SearchRow { db: string; method: string; stored: number; loadSeconds: number; p50: number; p95: number; recallAt1: number; queries: number }

const rnd = (seed: number) => { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; }; };
/** The face a query was made from, jittered (≈0.09 away, well inside the search's 0.40): a repeat the index must find. */
function queryNear(base: number[], r: () => number) { return base.map((v) => v + (r() - 0.5) * 0.028); }

async function fill(db: Awaited<ReturnType<typeof openDatabase>>['db'], org: string, n: number, prefix: string) {
  // Generated in the database: N rows of 128 values, axis i spread as real descriptors are along
  // their i-th principal axis (a sum of three uniforms less 1.5 has sd 0.5, hence the 2).
  const sd = `'{${FACE_AXIS_SD.join(',')}}'::real[]`;
  const batch = 20_000;
  for (let start = 0; start < n; start += batch) {
    const end = Math.min(n, start + batch);
    await db.execute(sql.raw(`INSERT INTO identity_marks (verification_id, org_id, embedding, created_at)
      SELECT '${prefix}' || g, '${org}', (SELECT array_agg(((random() + random() + random() - 1.5) * 2 * (${sd})[i])::real ORDER BY i) FROM generate_series(1, 128) AS i WHERE g > 0), now()
      FROM generate_series(${start + 1}, ${end}) AS g`));
  }
}

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 10) / 10; };

export async function measureSearch(kind: 'pglite' | 'postgres', n: number, url?: string, queries = 40): Promise<SearchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'idv-search-'));
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl: url!, dataDir: dir } : { dataDir: dir });
  const { db } = database;
  try {
    const t0 = Date.now();
    // Bulk load without the index, then build it once (as a restore would): inserting into a
    // live HNSW index row by row is what a decision does, but 20,000 times that is minutes.
    await db.execute(sql`DROP INDEX IF EXISTS identity_marks_embedding_hnsw`);
    await fill(db, 'org_bench', n, 'a');
    await fill(db, 'org_other', Math.ceil(n / 10), 'b');
    // PGlite's WebAssembly heap holds at most a few GB: its build memory stays below that.
    await ensureVectorIndex(db, kind === 'postgres' ? 2048 : n > 100_000 ? 1536 : null);
    await db.execute(sql`ANALYZE identity_marks`);
    const loadSeconds = Math.round((Date.now() - t0) / 100) / 10;
    const r = rnd(7);
    const picks: { id: string; q: number[] }[] = [];
    for (let i = 0; i < queries; i++) {
      const id = `a${1 + Math.floor(r() * n)}`;
      const res = await db.execute(sql`SELECT embedding FROM identity_marks WHERE verification_id = ${id}`);
      const row = ((res as unknown as { rows: { embedding: number[] }[] }).rows)[0]!;
      picks.push({ id, q: queryNear(row.embedding.map(Number), r) });
    }
    const rows: SearchRow[] = [];
    const vector = await hasVector(db, db);
    for (const exact of vector ? [false, true] : [true]) {
      const times: number[] = [];
      let found = 0;
      // The exact scan takes seconds a query past 200,000: a few queries tell its cost.
      for (const p of exact && vector && n > 200_000 ? picks.slice(0, 5) : picks) {
        const t = performance.now();
        const hits = await nearestFaces(db, db, { orgId: 'org_bench', exclude: testVerificationId('-'), embedding: p.q, limit: 20, exact });
        times.push(performance.now() - t);
        if (hits[0]?.verificationId === p.id) found += 1;
      }
      rows.push({ db: kind, method: exact ? 'exact scan (SQL)' : 'pgvector HNSW', stored: n, loadSeconds, p50: pct(times, 0.5), p95: pct(times, 0.95), recallAt1: found / times.length, queries: times.length });
    }
    return rows;
  } finally {
    if (kind === 'postgres') {
      await db.execute(sql`DELETE FROM identity_marks WHERE org_id IN ('org_bench', 'org_other')`).catch(() => {});
    }
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function searchLines(rows: SearchRow[] | { error: string }): string[] {
  if ('error' in rows) return [`- not measured: ${rows.error}`];
  return [
    '| db | method | stored (one org) | p50 ms | p95 ms | recall@1 | load s |', '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.db} | ${r.method} | ${r.stored.toLocaleString('en')} | ${r.p50} | ${r.p95} | ${(r.recallAt1 * 100).toFixed(0)} % of ${r.queries} | ${r.loadSeconds} |`),
  ];
}
