// Screening one subject (a person's verification, or a company and its people) and keeping what
// it found. Hits are rows that outlive screenings: a reviewer's resolution stays with the hit,
// and a false match stays resolved while the listed entity is the one resolved. What is new or
// changed since the last screening is answered apart, so monitoring knows what to tell.
import { and, eq, isNull } from 'drizzle-orm';
import type { AmlChecks, ScreeningHitView } from '../../contract/screening';
import { screeningHits, screeningSubjects } from '../db/schema';
import type { Db, Tx } from '../db/types';
import { randomHex128 } from '../lib/ids';
import { screeningCacheOf, type LoadedIndex, type ScreenedList } from './index-cache';
import { visibleLists } from './list-store';
import { hasHanOrKana, readingsOf } from './readings';
import { DEFAULT_THRESHOLD, screenQuery, type ScreeningHit, type ScreeningQuery } from './matcher';

type HitRow = typeof screeningHits.$inferSelect;

/** One part of a subject screened on its own: the person, the company, one officer… */
export interface SubjectPart {
  /** `person`, `company`, `officer:<n>`, `owner:<n>`, `representative`. */
  part: string;
  query: ScreeningQuery;
}

/** What is screened: whose it is, and its parts. */
export interface ScreeningSubject {
  type: 'individual' | 'company';
  id: string;
  orgId: string;
  keyId: string;
  /** The key asks for ongoing screening: the subject is screened again after imports. */
  monitored: boolean;
  parts: SubjectPart[];
}

/** A screening's answer: checks.aml, and the hits new or changed since the last screening. */
export interface ScreeningOutcome {
  aml: AmlChecks;
  /** Open hits not seen before, reopened, or whose score or entity changed. */
  fresh: ScreeningHitView[];
}

/** The hit row as checks.aml and the dashboard show it. */
export function toHitView(r: HitRow, lists: ScreenedList[] | Map<string, string>): ScreeningHitView {
  const name = lists instanceof Map ? lists.get(r.listId) : lists.find((l) => l.id === r.listId)?.name;
  return {
    id: r.id, part: r.part, partName: r.partName, listId: r.listId, listName: name ?? r.listId, listVersion: r.listVersion,
    entityKey: r.entityKey, entityName: r.entityName, matchedName: r.matchedName, signal: r.signal, score: r.score,
    features: r.features as ScreeningHitView['features'], state: r.state, resolvedBy: r.resolvedBy,
    resolvedAt: r.resolvedAt?.toISOString() ?? null, resolutionReason: r.resolutionReason,
    firstSeenAt: r.firstSeenAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString(),
  };
}

const partLabel = (p: SubjectPart) => p.query.names[0] ?? '';

/** What the matcher found for a subject, before anything is stored. */
export interface Found { part: SubjectPart; hit: ScreeningHit }

/** The subject with every Han or Kana name also under its Korean and Japanese readings (readings.ts). */
export async function withReadings<S extends Pick<ScreeningSubject, 'parts'>>(subject: S): Promise<S> {
  if (!subject.parts.some((p) => p.query.names.some(hasHanOrKana))) return subject;
  const parts = [];
  for (const p of subject.parts) {
    const names: string[] = [];
    for (const n of p.query.names) names.push(...await readingsOf(n));
    parts.push({ ...p, query: { ...p.query, names: [...new Set(names)] } });
  }
  return { ...subject, parts };
}

/** Runs the matcher over every part of the subject, against loaded indexes (pure, in memory). */
export function findHits(loaded: LoadedIndex[], subject: Pick<ScreeningSubject, 'parts'>, threshold = DEFAULT_THRESHOLD): Found[] {
  const found: Found[] = [];
  for (const part of subject.parts) {
    if (!part.query.names.some((n) => n.trim())) continue;
    for (const l of loaded) for (const hit of screenQuery(l.index, part.query, { threshold })) found.push({ part, hit });
  }
  return found;
}

/**
 * Screens the subject against every list its organisation sees and stores the outcome (inside
 * the caller's transaction, so a decision and its screening commit together). `root` is the
 * database the index cache belongs to.
 */
export async function screenSubject(tx: Tx, root: Db, subject: ScreeningSubject, now: Date, threshold = DEFAULT_THRESHOLD): Promise<ScreeningOutcome> {
  const loaded = await screeningCacheOf(root).forOrg(tx, subject.orgId);
  return recordScreening(tx, subject, loaded.flatMap((l) => l.lists), findHits(loaded, await withReadings(subject), threshold), now, threshold);
}

/** Stores what a screening found: new hits, updated ones (reopened when their entity changed), gone ones, the subject's last screening. */
export async function recordScreening(tx: Tx, subject: ScreeningSubject, lists: ScreenedList[], found: Found[], now: Date, threshold = DEFAULT_THRESHOLD): Promise<ScreeningOutcome> {
  const versionOf = new Map(lists.map((l) => [l.id, l.version]));
  const existing = await tx.select().from(screeningHits)
    .where(and(eq(screeningHits.subjectType, subject.type), eq(screeningHits.subjectId, subject.id)));
  const keyOf = (part: string, listId: string, entityKey: string) => `${part}\u0000${listId}\u0000${entityKey}`;
  const byKey = new Map(existing.map((r) => [keyOf(r.part, r.listId, r.entityKey), r]));
  const fresh: HitRow[] = [];
  const current: HitRow[] = [];
  for (const { part, hit } of found) {
    const k = keyOf(part.part, hit.listId, hit.entityKey);
    const was = byKey.get(k);
    byKey.delete(k);
    const values = {
      partName: partLabel(part), listVersion: versionOf.get(hit.listId) ?? 0, entityDigest: hit.entityDigest, entityName: hit.entityName,
      matchedName: hit.matchedName, signal: hit.signal, score: hit.score, features: hit.features, lastSeenAt: now, goneAt: null,
    };
    if (!was) {
      const [row] = await tx.insert(screeningHits).values({
        id: `hit_${randomHex128()}`, orgId: subject.orgId, subjectType: subject.type, subjectId: subject.id, part: part.part,
        listId: hit.listId, entityKey: hit.entityKey, state: 'open', firstSeenAt: now, ...values,
      }).returning();
      fresh.push(row!); current.push(row!);
      continue;
    }
    // A false match stays one while the listed entity is the one resolved; a changed entity asks again.
    const reopen = was.state === 'false_match' && was.resolvedDigest !== hit.entityDigest;
    const changed = was.entityDigest !== hit.entityDigest || Math.abs(was.score - hit.score) >= 0.01 || was.goneAt !== null;
    const [row] = await tx.update(screeningHits).set({
      ...values,
      ...(reopen ? { state: 'open' as const, resolvedBy: null, resolvedAt: null, resolutionReason: null, resolvedDigest: null } : {}),
    }).where(eq(screeningHits.id, was.id)).returning();
    current.push(row!);
    if (reopen || (changed && row!.state === 'open')) fresh.push(row!);
  }
  // Hits not found again are kept for the record, marked gone (an entity delisted, a name corrected).
  for (const gone of byKey.values()) {
    if (gone.goneAt) continue;
    await tx.update(screeningHits).set({ goneAt: now }).where(and(eq(screeningHits.id, gone.id), isNull(screeningHits.goneAt)));
  }
  const listVersions = Object.fromEntries(lists.map((l) => [l.id, l.version]));
  await tx.insert(screeningSubjects).values({
    subjectType: subject.type, subjectId: subject.id, orgId: subject.orgId, keyId: subject.keyId, monitored: subject.monitored, lastScreenedAt: now, listVersions,
  }).onConflictDoUpdate({
    target: [screeningSubjects.subjectType, screeningSubjects.subjectId],
    set: { monitored: subject.monitored, lastScreenedAt: now, listVersions },
  });
  current.sort((a, b) => b.score - a.score);
  return {
    aml: { screenedAt: now.toISOString(), threshold, lists, hits: current.map((r) => toHitView(r, lists)) },
    fresh: fresh.map((r) => toHitView(r, lists)),
  };
}

/** The hits a subject has now (gone ones left out), best first. */
export async function hitsOf(db: Db | Tx, type: 'individual' | 'company', id: string, listNames: Map<string, string>): Promise<ScreeningHitView[]> {
  const rows = await db.select().from(screeningHits)
    .where(and(eq(screeningHits.subjectType, type), eq(screeningHits.subjectId, id), isNull(screeningHits.goneAt)));
  return rows.sort((a, b) => b.score - a.score).map((r) => toHitView(r, listNames));
}

/**
 * A case's hits as its reviewer reads them: every hit ever found, resolved ones with who, when and
 * why, and those no later screening found again marked `gone` (kept: the record of what was seen).
 */
export async function caseHits(db: Db, orgId: string, type: 'individual' | 'company', id: string): Promise<(ScreeningHitView & { gone: boolean })[]> {
  const rows = await db.select().from(screeningHits)
    .where(and(eq(screeningHits.orgId, orgId), eq(screeningHits.subjectType, type), eq(screeningHits.subjectId, id)));
  if (!rows.length) return [];
  const names = new Map((await visibleLists(db, orgId)).map((l) => [l.id, l.name]));
  return rows.sort((a, b) => Number(a.goneAt !== null) - Number(b.goneAt !== null) || b.score - a.score)
    .map((r) => ({ ...toHitView(r, names), gone: r.goneAt !== null }));
}

/** The signals a screening raises: one per hit a reviewer has not found to be a false match. */
export function amlSignals(aml: AmlChecks): { signal: 'sanctions_hit' | 'pep_hit'; detail: string; hitId: string }[] {
  return aml.hits.filter((h) => h.state !== 'false_match').map((h) => ({
    signal: h.signal, hitId: h.id,
    detail: `${h.partName || h.part} ~ ${h.entityName} on ${h.listName} (version ${h.listVersion}), score ${h.score}${h.state === 'true_match' ? ', confirmed a true match' : ''}`,
  }));
}
