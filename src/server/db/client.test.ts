import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { isConnectionLost } from './connection-errors';
import { onAdminConnection, terminate, terminateBlocking } from './pg-admin.testkit';
import type { ReconnectingPool } from './reconnecting-pool';

const IDLE = 4;

// Only the PostgreSQL run has pooled connections a server can drop (PGlite is in-process).
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pool after its connections are killed', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `idv_pool_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-pool-'));
  const errors: Error[] = [];
  let database: Database;
  let pool: ReconnectingPool;
  const rowsOf = async (text: ReturnType<typeof sql>) => (await database.db.execute(text) as unknown as { rows: unknown[] }).rows;
  const probe = () => rowsOf(sql`select n from pool_probe order by n`);

  beforeAll(async () => {
    await onAdminConnection(base, `CREATE DATABASE ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString(), dataDir, onConnectionError: (e) => errors.push(e) });
    pool = (database.db as unknown as { $client: ReconnectingPool }).$client;
    await database.db.execute(sql`create table pool_probe (n int)`);
  });
  afterAll(async () => {
    await database.close();
    await onAdminConnection(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });
  // Several connections held at once, so the pool keeps IDLE of them idle (all to be killed).
  beforeEach(async () => {
    await database.db.execute(sql`truncate pool_probe`);
    await Promise.all(Array.from({ length: IDLE }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    expect(pool.idleCount).toBe(IDLE);
    errors.length = 0;
  });

  it('logs every idle connection the server terminates and answers the next queries (the issue\'s case)', async () => {
    const before = pool.retried;
    expect(await terminate(base, { db: name })).toBe(IDLE);
    // At once, without waiting for the pool to hear of the deaths: some reads may get a dead one.
    const again = await Promise.all(Array.from({ length: IDLE }, () => rowsOf(sql`select 1 as one`)));
    expect(again).toEqual(Array.from({ length: IDLE }, () => [{ one: 1 }]));
    // Each killed connection was either dropped while idle (and logged) or given to a read that
    // then ran again on a fresh one.
    await expect.poll(() => errors.length + pool.retried - before).toBe(IDLE);
    expect(errors.every((e) => isConnectionLost(e))).toBe(true);
  });

  it('keeps pg.Pool\'s callback form for any other caller', async () => {
    const rows = await new Promise((resolve, reject) => {
      pool.query('select 1 as one', (err: Error, res: { rows: unknown[] }) => (err ? reject(err) : resolve(res.rows)));
    });
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('runs a read again on a fresh connection when every idle one is dead', async () => {
    const before = pool.retried;
    expect(terminateBlocking(base, name)).toBe(IDLE);
    // Same tick as the kill: the pool still counts IDLE idle connections and hands them out.
    const reads = Array.from({ length: IDLE }, () => rowsOf(sql`select 1 as one`));
    expect(await Promise.all(reads)).toEqual(Array.from({ length: IDLE }, () => [{ one: 1 }]));
    expect(pool.retried - before).toBe(IDLE);
  });

  it('does not repeat a write that met a dead connection: it fails with the connection error', async () => {
    const before = pool.retried;
    terminateBlocking(base, name);
    const err = await database.db.execute(sql`insert into pool_probe values (1)`).catch((e: unknown) => e);
    expect(isConnectionLost(err)).toBe(true);
    expect(pool.retried).toBe(before);
    expect(await probe()).toEqual([]);
  });

  it('begins a transaction again on a fresh connection when BEGIN meets a dead one, and commits it', async () => {
    const before = pool.retried;
    terminateBlocking(base, name);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pool_probe values (1)`);
      await tx.execute(sql`insert into pool_probe values (2)`);
    });
    expect(await probe()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(pool.retried - before).toBe(1);
  });

  it('fails a transaction cleanly when its connection is killed between statements, and commits nothing', async () => {
    const err = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pool_probe values (10)`);
      const [{ pid }] = (await tx.execute(sql`select pg_backend_pid() as pid`) as unknown as { rows: [{ pid: number }] }).rows;
      expect(await terminate(base, { pids: [pid] })).toBe(1);
      // Time for the FATAL to arrive while no statement runs: node-postgres then emits 'error'
      // on the checked-out client, which ended the process when nothing listened.
      await new Promise((r) => setTimeout(r, 100));
      await tx.execute(sql`insert into pool_probe values (11)`);
    }).catch((e: unknown) => e);
    expect(isConnectionLost(err)).toBe(true);
    expect(await probe()).toEqual([]);
    expect(pool.totalCount).toBe(pool.idleCount); // the dead connection was not kept
  });

  it('fails a transaction cleanly when a statement in it is killed while running', async () => {
    const started = Date.now();
    const err = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pool_probe values (20)`);
      const [{ pid }] = (await tx.execute(sql`select pg_backend_pid() as pid`) as unknown as { rows: [{ pid: number }] }).rows;
      // drizzle's queries start when awaited; then() starts this one while the test goes on
      // (and holds its outcome, so its rejection is not an unhandled one meanwhile).
      const sleeping = tx.execute(sql`select pg_sleep(5)`).then(() => 'slept', (e: unknown) => e);
      await expect.poll(async () => (await onAdminConnection(base, 'select wait_event from pg_stat_activity where pid = $1', [pid])).rows[0]?.wait_event).toBe('PgSleep');
      expect(await terminate(base, { pids: [pid] })).toBe(1);
      expect(isConnectionLost(await sleeping)).toBe(true);
      await tx.execute(sql`insert into pool_probe values (21)`);
    }).catch((e: unknown) => e);
    expect(isConnectionLost(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await probe()).toEqual([]);
    expect(pool.totalCount).toBe(pool.idleCount);
  });
});
