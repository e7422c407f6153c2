import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { SavedFilter } from '../../contract/casework';
import type { DbOrTx } from '../db/types';
import { savedFilters } from '../db/schema';

/** Views one member may keep (a menu, not a database). */
export const SAVED_FILTERS_MAX = 30;

const toSaved = (r: typeof savedFilters.$inferSelect): SavedFilter => ({ id: r.id, name: r.name, query: r.query, createdAt: r.createdAt.toISOString() });

/** A member's saved views, oldest first (the order they were made in). */
export async function listSavedFilters(db: DbOrTx, memberId: string): Promise<SavedFilter[]> {
  const rows = await db.select().from(savedFilters).where(eq(savedFilters.memberId, memberId)).orderBy(asc(savedFilters.createdAt), asc(savedFilters.id));
  return rows.map(toSaved);
}

export type SaveResult = { ok: true; saved: SavedFilter } | { ok: false; code: 'too_many' };

/** Saves a view under a name; a name already used by the member is replaced (saving again updates it). */
export async function saveFilter(db: DbOrTx, memberId: string, input: { name: string; query: string }, now: Date): Promise<SaveResult> {
  const [same] = await db.select().from(savedFilters).where(and(eq(savedFilters.memberId, memberId), eq(savedFilters.name, input.name))).limit(1);
  if (same) {
    await db.update(savedFilters).set({ query: input.query }).where(eq(savedFilters.id, same.id));
    return { ok: true, saved: toSaved({ ...same, query: input.query }) };
  }
  const [n] = await db.select({ n: count() }).from(savedFilters).where(eq(savedFilters.memberId, memberId));
  if (Number(n?.n ?? 0) >= SAVED_FILTERS_MAX) return { ok: false, code: 'too_many' };
  const row = { id: `view_${randomBytes(16).toString('hex')}`, memberId, name: input.name, query: input.query, createdAt: now };
  await db.insert(savedFilters).values(row);
  return { ok: true, saved: toSaved(row) };
}

/** Deletes one of the member's own views; false when it is not theirs (or gone). */
export async function deleteSavedFilter(db: DbOrTx, memberId: string, id: string): Promise<boolean> {
  const gone = await db.delete(savedFilters).where(and(eq(savedFilters.memberId, memberId), eq(savedFilters.id, id))).returning({ id: savedFilters.id });
  return gone.length > 0;
}
