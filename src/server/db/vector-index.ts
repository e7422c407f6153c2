import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './types';

/** Dimensions of the stored face descriptors (dlib's recognition net). */
export const EMBEDDING_DIMS = 128;

/**
 * Makes the HNSW index of the face embeddings when pgvector can be had: always on PGlite (its
 * vector extension is loaded by openDatabase), on PostgreSQL only when the server has pgvector
 * installed (Debian bookworm's PostgreSQL 15 has no package for it). The index is on the column's
 * cast to vector(128), so the schema and the migrations are the same with or without it; without
 * it, the search scans the organisation's embeddings exactly (identity/face-search.ts). Not a
 * migration because a migration cannot be conditional on an extension being installable.
 * Answers whether the index is there. `buildMemoryMb`: memory for building it over existing rows
 * (about 1 KB per stored face, so 1 GB holds 1,000,000); null keeps the server's setting
 * (PGlite, whose WebAssembly heap is small).
 */
export async function ensureVectorIndex(db: Db, buildMemoryMb: number | null = null): Promise<boolean> {
  try {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
  } catch {
    return false;
  }
  try {
    await db.transaction(async (tx) => {
      // An index built over existing rows (first start on PostgreSQL after pgvector is installed,
      // a restore) is built in memory: at the default 64 MB, 1M faces spill and take hours.
      // SET LOCAL ends with the transaction, so pooled connections keep the server's defaults.
      if (buildMemoryMb) await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '${Math.round(buildMemoryMb)}MB'`));
      await tx.execute(sql.raw(`CREATE INDEX IF NOT EXISTS identity_marks_embedding_hnsw ON identity_marks
        USING hnsw ((embedding::vector(${EMBEDDING_DIMS})) vector_l2_ops) WHERE embedding IS NOT NULL`));
    });
  } catch {
    // Two processes starting together race on IF NOT EXISTS (a unique violation in pg_class);
    // the other one made it. Without the index the vector search is still right, only slower.
  }
  return true;
}

const known = new WeakMap<object, Promise<boolean>>();

/** Whether this database has pgvector (asked once per connection handle, then remembered). */
export function hasVector(db: DbOrTx, root: Db): Promise<boolean> {
  let answer = known.get(root);
  if (!answer) {
    answer = db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'vector'`)
      .then((r) => ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])).length > 0);
    known.set(root, answer);
  }
  return answer;
}
