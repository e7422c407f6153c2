// Lists and their versions in the database. An import is one transaction: the list row is locked,
// the new file's entities are compared with the current ones by key and digest, removed and
// changed rows are closed, new content is inserted, and the version row records the diff. A
// failure anywhere rolls all of it back, so a list is always exactly one whole file.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ListKind, ListVersion, ScreeningList } from '../../contract/screening';
import { screeningEntities, screeningListVersions, screeningLists } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import type { ListedEntity } from './listed-entity';

type ListRow = typeof screeningLists.$inferSelect;
type VersionRow = typeof screeningListVersions.$inferSelect;

/** The content digest of an entity: the same file gives the same digests, a changed field another. */
export const entityDigest = (e: ListedEntity): string => createHash('sha256').update(JSON.stringify(e)).digest('hex');

/** What an import is asked to do. */
export interface ImportRequest {
  listId: string;
  /** null: an operator's list (every organisation); else the organisation's own. */
  orgId: string | null;
  name?: string;
  kind?: ListKind;
  format: string;
  entities: ListedEntity[];
  files: { name: string; content: string }[];
  publishedAt?: string;
  /** Who imported: a member's e-mail, or `operator` (admin token, command line). */
  by: string;
  now: Date;
}

/** An import's answer: the new version, or why nothing changed. */
export type ImportResult =
  | { ok: true; list: ScreeningList; version: ListVersion }
  | { ok: false; code: 'list_owned_elsewhere' | 'duplicate_key'; message: string };

const CHUNK = 500;

/** Imports a new version of a list (made on first import). Run it inside a transaction. */
export async function importListVersion(tx: Tx, req: ImportRequest): Promise<ImportResult> {
  const seen = new Set<string>();
  for (const e of req.entities) {
    if (seen.has(e.key)) return { ok: false, code: 'duplicate_key', message: `the file lists the key ${e.key} twice` };
    seen.add(e.key);
  }
  await tx.insert(screeningLists).values({
    id: req.listId, orgId: req.orgId, name: req.name ?? req.listId, kind: req.kind ?? 'sanctions', format: req.format,
    currentVersion: 0, createdAt: req.now, updatedAt: req.now,
  }).onConflictDoNothing();
  const [list] = await tx.select().from(screeningLists).where(eq(screeningLists.id, req.listId)).for('update');
  // One id, one owner: an organisation cannot write into an operator's list or another's.
  if (!list || list.orgId !== req.orgId) return { ok: false, code: 'list_owned_elsewhere', message: 'This list id is taken' };
  const version = list.currentVersion + 1;
  const current = await tx.select({ key: screeningEntities.key, digest: screeningEntities.digest }).from(screeningEntities)
    .where(and(eq(screeningEntities.listId, list.id), isNull(screeningEntities.untilVersion)));
  const before = new Map(current.map((r) => [r.key, r.digest]));
  const added: string[] = []; const changed: string[] = [];
  const inserts: (typeof screeningEntities.$inferInsert)[] = [];
  for (const e of req.entities) {
    const digest = entityDigest(e);
    const was = before.get(e.key);
    if (was === digest) continue;
    (was === undefined ? added : changed).push(e.key);
    inserts.push({ listId: list.id, key: e.key, sinceVersion: version, digest, data: e as unknown as Record<string, unknown> });
  }
  const removed = [...before.keys()].filter((k) => !seen.has(k));
  const closing = [...changed, ...removed];
  for (let i = 0; i < closing.length; i += CHUNK) {
    await tx.update(screeningEntities).set({ untilVersion: version - 1 })
      .where(and(eq(screeningEntities.listId, list.id), isNull(screeningEntities.untilVersion), inArray(screeningEntities.key, closing.slice(i, i + CHUNK))));
  }
  for (let i = 0; i < inserts.length; i += CHUNK) await tx.insert(screeningEntities).values(inserts.slice(i, i + CHUNK));
  const sources = req.files.map((f) => ({ name: f.name, sha256: createHash('sha256').update(f.content).digest('hex'), bytes: Buffer.byteLength(f.content) }));
  const [row] = await tx.insert(screeningListVersions).values({
    listId: list.id, version, importedAt: req.now, importedBy: req.by, sources, publishedAt: req.publishedAt ?? null,
    entityCount: req.entities.length, nameCount: req.entities.reduce((n, e) => n + e.names.length, 0),
    diff: { added, removed, changed },
  }).returning();
  const [updated] = await tx.update(screeningLists).set({
    currentVersion: version, updatedAt: req.now,
    ...(req.name ? { name: req.name } : {}), ...(req.kind ? { kind: req.kind } : {}), format: req.format,
  }).where(eq(screeningLists.id, list.id)).returning();
  return { ok: true, list: toScreeningList(updated!), version: toListVersion(row!) };
}

/** A list row as the API shows it. */
export const toScreeningList = (r: ListRow): ScreeningList => ({
  id: r.id, name: r.name, kind: r.kind, format: r.format, orgId: r.orgId, currentVersion: r.currentVersion, updatedAt: r.updatedAt.toISOString(),
});

/** A version row as the API shows it (the diff's counts; the keys through listVersionDiff). */
export const toListVersion = (r: VersionRow): ListVersion => ({
  listId: r.listId, version: r.version, importedAt: r.importedAt.toISOString(), importedBy: r.importedBy, publishedAt: r.publishedAt,
  sources: r.sources, entityCount: r.entityCount, nameCount: r.nameCount,
  added: r.diff.added.length, removed: r.diff.removed.length, changed: r.diff.changed.length,
});

/** The lists an organisation is screened against: the operator's and its own (null orgId: the operator's only). */
export async function visibleLists(db: DbOrTx, orgId: string | null): Promise<ListRow[]> {
  return db.select().from(screeningLists)
    .where(orgId ? or(isNull(screeningLists.orgId), eq(screeningLists.orgId, orgId)) : isNull(screeningLists.orgId))
    .orderBy(asc(screeningLists.id));
}

/** One list if the organisation may see it (operator: orgId null sees every list). */
export async function findList(db: DbOrTx, listId: string, orgId: string | null | 'operator'): Promise<ListRow | null> {
  const [row] = await db.select().from(screeningLists).where(eq(screeningLists.id, listId)).limit(1);
  if (!row) return null;
  if (orgId === 'operator' || row.orgId === null || row.orgId === orgId) return row;
  return null;
}

/** A list's versions, newest first. */
export async function listVersions(db: DbOrTx, listId: string): Promise<VersionRow[]> {
  return db.select().from(screeningListVersions).where(eq(screeningListVersions.listId, listId)).orderBy(desc(screeningListVersions.version));
}

/** The entities a list holds now, with their digests. */
export async function currentEntities(db: DbOrTx, listId: string): Promise<{ entity: ListedEntity; digest: string }[]> {
  const rows = await db.select({ data: screeningEntities.data, digest: screeningEntities.digest }).from(screeningEntities)
    .where(and(eq(screeningEntities.listId, listId), isNull(screeningEntities.untilVersion)))
    .orderBy(asc(screeningEntities.key));
  return rows.map((r) => ({ entity: r.data as unknown as ListedEntity, digest: r.digest }));
}

/** One entity as a version held it (a hit's "what was listed"), or null. */
export async function entityAt(db: DbOrTx, listId: string, key: string, version: number): Promise<ListedEntity | null> {
  const [row] = await db.select({ data: screeningEntities.data }).from(screeningEntities)
    .where(and(eq(screeningEntities.listId, listId), eq(screeningEntities.key, key),
      sql`${screeningEntities.sinceVersion} <= ${version}`, or(isNull(screeningEntities.untilVersion), sql`${screeningEntities.untilVersion} >= ${version}`)))
    .limit(1);
  return row ? (row.data as unknown as ListedEntity) : null;
}
