import { spawnSync } from 'node:child_process';
import pg from 'pg';

/** Runs `text` on a connection of its own (the operator's view of the server). */
export async function onAdminConnection(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return await c.query(text, values); } finally { await c.end(); }
}

const TERMINATE = `select count(*) filter (where pg_terminate_backend(pid, 5000))::int as n
  from pg_stat_activity where pid <> pg_backend_pid() and (datname = $1 or pid = any($2::int[]))`;

/**
 * Terminates the given backends, or every backend of database `db` but the caller's, and waits
 * (up to 5 s each) until they have exited, so their FATAL 57P01 is on our sockets on return.
 * Answers how many were terminated.
 */
export async function terminate(url: string, target: { db?: string; pids?: number[] }): Promise<number> {
  const r = await onAdminConnection(url, TERMINATE, [target.db ?? null, target.pids ?? []]);
  return (r.rows[0] as { n: number }).n;
}

/**
 * terminate() from a child process, run synchronously: this process's event loop is blocked
 * the whole time, so its pool cannot read the FATAL messages and still believes every killed
 * connection idle. That is the race of a restart or failover (the pool hands out a connection
 * whose error event has not been processed yet), made certain instead of left to timing.
 */
export function terminateBlocking(url: string, db: string): number {
  const script = `const pg = require('pg');
    const c = new pg.Client({ connectionString: process.env.ADMIN_URL });
    c.connect().then(() => c.query(process.env.SQL, [process.env.DB, []]))
      .then((r) => { process.stdout.write(String(r.rows[0].n)); return c.end(); })
      .catch((e) => { console.error(e); process.exit(1); });`;
  const r = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, ADMIN_URL: url, SQL: TERMINATE, DB: db }, encoding: 'utf8', timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`terminate failed: ${r.stderr}`);
  return Number(r.stdout);
}
