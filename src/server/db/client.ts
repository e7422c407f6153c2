import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import type { Db } from './types';
import { ensureVectorIndex } from './vector-index';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * Beside the compiled server only (scripts/build-server.mjs): a migrated empty PGlite data
 * directory. A first start in an empty DATA_DIR copies it instead of creating a cluster (seconds
 * of initdb in WebAssembly); from src/ (tsx, tests) it is absent and PGlite creates one as before.
 */
const pgliteTemplate = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** Copies the template into `dir` when `dir` is empty: whole (a temp copy renamed) or not at all. */
function seedFromTemplate(dir: string): void {
  if (!existsSync(join(pgliteTemplate, 'PG_VERSION')) || readdirSync(dir).length > 0) return;
  const tmp = `${dir}.${process.pid}.tmp`;
  cpSync(pgliteTemplate, tmp, { recursive: true });
  rmdirSync(dir);
  renameSync(tmp, dir);
}

/**
 * Opens PGlite in `dataDir/pg` (or in memory when dataDir is 'memory://') or PostgreSQL when a
 * URL is given, and applies the migrations. Both run the same drizzle schema and SQL.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** A pooled PostgreSQL connection broke while idle (server restart, admin termination). */
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { ReconnectingPool } = await import('./reconnecting-pool');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Retries what met a dead connection when that is safe (see reconnecting-pool.ts). The
    // timeout (for a new connection, or a free one from the pool) turns a database host that
    // stopped answering (a failover in progress) into an error the API answers with 503,
    // instead of a request hanging for the minutes a TCP connect can take.
    const pool = new ReconnectingPool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // Without a listener, an idle connection closed by the server is an uncaught exception that
    // ends the process; the pool has already dropped that connection and opens a new one on demand.
    pool.on('error', (err) => opts.onConnectionError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    await ensureVectorIndex(db, 1024);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pgvector for PGlite: the face embeddings' index (db/vector-index.ts).
  const { vector } = await import('@electric-sql/pglite-pgvector');
  let client;
  if (opts.dataDir === 'memory://') {
    client = new PGlite({ extensions: { vector } });
  } else {
    const dir = join(opts.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    seedFromTemplate(dir);
    client = new PGlite(dir, { extensions: { vector } });
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  await ensureVectorIndex(db);
  return { db, kind: 'pglite', close: () => client.close() };
}
