import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

/** Runs `sql` on a second connection (the admin's view of the server). */
async function onAdminConnection(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return await c.query(text, values); } finally { await c.end(); }
}

// Only the PostgreSQL run has pooled connections a server can drop (PGlite is in-process).
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `idv_pool_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-pool-'));
  const errors: Error[] = [];
  let database: Database;

  beforeAll(async () => {
    await onAdminConnection(base, `CREATE DATABASE ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString(), dataDir, onConnectionError: (e) => errors.push(e) });
  });
  afterAll(async () => {
    await database.close();
    await onAdminConnection(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives the server terminating its idle connections and reconnects on the next query', async () => {
    // Hold several connections at once so the pool keeps more than one idle afterwards.
    await Promise.all(Array.from({ length: 3 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const killed = await onAdminConnection(base,
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(1);
    expect(errors[0]?.message).toMatch(/terminat/);
    const again = await database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect((again as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });
});
