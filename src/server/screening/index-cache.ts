// The matcher's in-memory index of the lists, built from the database and kept while the list
// versions stay the same. Every process checks the versions (one small query) before a
// screening, so an import made by another process is used from the next screening on.
import type { ListKind } from '../../contract/screening';
import type { DbOrTx } from '../db/types';
import { currentEntities, visibleLists } from './list-store';
import { buildScreeningIndex, type ScreeningIndex } from './matcher';

/** A list as a screening records it: which version was used. */
export interface ScreenedList { id: string; name: string; kind: ListKind; version: number }

/** The index of a set of lists and the versions it was built from. */
export interface LoadedIndex { index: ScreeningIndex; lists: ScreenedList[] }

const signatureOf = (lists: ScreenedList[]) => lists.map((l) => `${l.id}@${l.version}`).join(',');

/**
 * Index cache: one index for the operator's lists (shared by every organisation) and one per
 * organisation with lists of its own, each rebuilt when a version changes. Organisation
 * indexes beyond `maxOrgs` are dropped least recently used first.
 */
export class ScreeningIndexCache {
  private operator: { signature: string; loaded: Promise<LoadedIndex> } | null = null;
  private readonly orgs = new Map<string, { signature: string; loaded: Promise<LoadedIndex> }>();

  constructor(private readonly maxOrgs = 64) {}

  /** The indexes an organisation's subjects are screened with (operator's first, then its own, if any). */
  async forOrg(db: DbOrTx, orgId: string): Promise<LoadedIndex[]> {
    const rows = (await visibleLists(db, orgId)).filter((l) => l.currentVersion > 0);
    const toScreened = (l: (typeof rows)[number]): ScreenedList => ({ id: l.id, name: l.name, kind: l.kind, version: l.currentVersion });
    const shared = rows.filter((l) => l.orgId === null).map(toScreened);
    const own = rows.filter((l) => l.orgId === orgId).map(toScreened);
    const out: LoadedIndex[] = [];
    if (shared.length) {
      const signature = signatureOf(shared);
      if (this.operator?.signature !== signature) this.operator = { signature, loaded: build(db, shared) };
      out.push(await this.settle(this.operator.loaded, () => { this.operator = null; }));
    }
    if (own.length) {
      const signature = signatureOf(own);
      let entry = this.orgs.get(orgId);
      if (entry?.signature !== signature) { entry = { signature, loaded: build(db, own) }; }
      this.orgs.delete(orgId);
      this.orgs.set(orgId, entry);
      while (this.orgs.size > this.maxOrgs) this.orgs.delete(this.orgs.keys().next().value!);
      out.push(await this.settle(entry.loaded, () => this.orgs.delete(orgId)));
    }
    return out;
  }

  /** Forgets everything (after an import in this process: the next screening reloads). */
  clear(): void { this.operator = null; this.orgs.clear(); }

  // A failed build is not cached: the next screening tries again.
  private async settle(p: Promise<LoadedIndex>, forget: () => void): Promise<LoadedIndex> {
    try { return await p; } catch (e) { forget(); throw e; }
  }
}

async function build(db: DbOrTx, lists: ScreenedList[]): Promise<LoadedIndex> {
  const indexed = [];
  for (const l of lists) {
    const rows = await currentEntities(db, l.id);
    indexed.push({ listId: l.id, pep: l.kind === 'pep', entities: rows.map((r) => r.entity), digests: rows.map((r) => r.digest) });
  }
  return { index: buildScreeningIndex(indexed), lists };
}

const caches = new WeakMap<object, ScreeningIndexCache>();
/** The cache of one database (the root handle, not a transaction): each test's database has its own. */
export function screeningCacheOf(root: object): ScreeningIndexCache {
  let c = caches.get(root);
  if (!c) { c = new ScreeningIndexCache(); caches.set(root, c); }
  return c;
}
