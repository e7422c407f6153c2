import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import type { ListedEntity } from '../../src/server/screening/listed-entity';
import { importListVersion } from '../../src/server/screening/list-store';
import { rescreenMonitored } from '../../src/server/screening/monitoring';
import { individualMonitoredSource } from '../../src/server/individual/screening';

// Monitoring after an import: N monitored people (verifications with their docInfo, the
// screening_subjects rows monitoring reads) screened again against OFAC SDN + UN through the
// real code path (rescreenMonitored: pages of subjects read from the database, the matcher in
// memory, hits stored in transactions, the others stamped per page). One process, PGlite: the
// database and the matcher share one core; the figure per subject is what 1,000,000 would take.

export interface RescreenRow { db: string; subjects: number; loadSeconds: number; seconds: number; perSubjectMs: number; alerted: number; hits: number; projectedMillionMinutes: number }

/** Loads `n` monitored subjects named from `names` (with birth dates) and times one monitoring run. */
export async function measureRescreen(n: number, names: { first: string; last: string; dob?: string }[], lists: { id: string; entities: ListedEntity[] }[], url?: string): Promise<RescreenRow> {
  const dir = mkdtempSync(join(tmpdir(), 'idv-rescreen-'));
  const database = await openDatabase(url ? { databaseUrl: url, dataDir: dir } : { dataDir: dir });
  const { db } = database;
  try {
    const now = new Date();
    for (const l of lists) {
      await db.transaction(async (tx) => {
        const r = await importListVersion(tx, { listId: l.id, orgId: null, format: 'bench', entities: l.entities, files: [], by: 'bench', now });
        if (!r.ok) throw new Error(r.message);
      });
    }
    await db.execute(sql`INSERT INTO api_keys (id, mode, lookup_digest, secret_enc, hint, org_id, aml_monitoring, created_at)
      VALUES ('key_bench', 'live', 'bench', 'bench', 'sk_live_bench…', 'org_bench', true, now())`);
    const t0 = Date.now();
    // Generated in the database from the names' arrays: n verifications and their subject rows.
    // Array literals (drizzle would spread a JS array into a row of parameters).
    const literal = (xs: string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`;
    const firsts = literal(names.map((x) => x.first)); const lasts = literal(names.map((x) => x.last)); const dobs = literal(names.map((x) => x.dob ?? ''));
    const batch = 50_000;
    for (let start = 0; start < n; start += batch) {
      const end = Math.min(n, start + batch);
      await db.execute(sql`INSERT INTO verifications (id, api_key_id, status, status_code, doc_info, expires_at, created_at, updated_at)
        SELECT lpad(to_hex(g), 32, '0'), 'key_bench', 'successful', 2000,
          jsonb_build_object('firstName', (${firsts}::text[])[1 + g % ${names.length}], 'lastName', (${lasts}::text[])[1 + (g / ${names.length}) % ${names.length}],
            'dob', (${dobs}::text[])[1 + g % ${names.length}], 'issuingState', '', 'docNumber', '', 'sex', '', 'middleName', ''),
          now(), now(), now()
        FROM generate_series(${start + 1}::int, ${end}::int) AS g`);
      await db.execute(sql`INSERT INTO screening_subjects (subject_type, subject_id, org_id, key_id, monitored, last_screened_at, list_versions)
        SELECT 'individual', lpad(to_hex(g), 32, '0'), 'org_bench', 'key_bench', true, now(), '{}'::jsonb
        FROM generate_series(${start + 1}::int, ${end}::int) AS g`);
    }
    const loadSeconds = Math.round((Date.now() - t0) / 100) / 10;
    const t1 = Date.now();
    const run = await rescreenMonitored(db, [individualMonitoredSource()], () => new Date());
    const seconds = (Date.now() - t1) / 1000;
    const perSubjectMs = (seconds * 1000) / Math.max(1, run.screened);
    return {
      db: url ? 'postgres' : 'pglite', subjects: run.screened, loadSeconds, seconds: Math.round(seconds * 10) / 10,
      perSubjectMs: Math.round(perSubjectMs * 1000) / 1000, alerted: run.alerted, hits: run.hits,
      projectedMillionMinutes: Math.round((perSubjectMs * 1_000_000) / 60_000 * 10) / 10,
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
