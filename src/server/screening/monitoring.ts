// Ongoing screening: after a list import, every monitored subject is screened again. Subjects
// are read in pages by id; the matcher runs in memory; only subjects with a hit now or before
// take a transaction of their own (most have neither), the rest get their "last screened"
// stamped in one statement per page. A product's wing says how to rebuild its subjects and what
// a new hit does (event, case), handed in as a MonitoredSource: this capability knows no wing.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ScreeningHitView } from '../../contract/screening';
import { screeningHits, screeningSubjects } from '../db/schema';
import type { Db, Tx } from '../db/types';
import { screeningCacheOf } from './index-cache';
import { findHits, recordScreening, withReadings, type ScreeningSubject } from './screen-subject';

/** One product's monitored subjects: how to rebuild them and what a new or changed hit does. */
export interface MonitoredSource {
  type: 'individual' | 'company';
  /** The subjects of these ids as they are now (a subject whose data is gone is left out). */
  subjects(db: Db, ids: string[]): Promise<ScreeningSubject[]>;
  /** Inside the screening's transaction: tell the customer (event) and open the case. */
  onFresh(tx: Tx, subjectId: string, hits: ScreeningHitView[], now: Date): Promise<void>;
}

/** What a monitoring run did. */
export interface MonitoringRun {
  screened: number;
  /** Subjects with a new, reopened or changed hit (each told once). */
  alerted: number;
  hits: number;
  ms: number;
}

const PAGE = 500;

/**
 * Screens every monitored subject again against the lists as they are now. Safe to run twice
 * (a hit already told is not told again unless it changed); a crash mid-run leaves the subjects
 * not yet reached with their old stamp, and the next run takes them.
 */
export async function rescreenMonitored(db: Db, sources: MonitoredSource[], now: () => Date, opts: { orgId?: string } = {}): Promise<MonitoringRun> {
  const started = Date.now();
  const run: MonitoringRun = { screened: 0, alerted: 0, hits: 0, ms: 0 };
  const cache = screeningCacheOf(db);
  for (const source of sources) {
    let after = '';
    for (;;) {
      const page = await db.select({ id: screeningSubjects.subjectId, orgId: screeningSubjects.orgId }).from(screeningSubjects)
        .where(and(eq(screeningSubjects.monitored, true), eq(screeningSubjects.subjectType, source.type), gt(screeningSubjects.subjectId, after),
          opts.orgId ? eq(screeningSubjects.orgId, opts.orgId) : undefined))
        .orderBy(asc(screeningSubjects.subjectId)).limit(PAGE);
      if (!page.length) break;
      after = page.at(-1)!.id;
      const ids = page.map((p) => p.id);
      const subjects = await source.subjects(db, ids);
      const withHits = new Set((await db.select({ id: screeningHits.subjectId }).from(screeningHits)
        .where(and(eq(screeningHits.subjectType, source.type), inArray(screeningHits.subjectId, ids), isNull(screeningHits.goneAt)))).map((r) => r.id));
      const quiet: string[] = [];
      let versions: Record<string, number> | null = null;
      // One look at the list versions per organisation and page (not per subject).
      const byOrg = new Map<string, Awaited<ReturnType<typeof cache.forOrg>>>();
      for (const subject of subjects) {
        let loaded = byOrg.get(subject.orgId);
        if (!loaded) { loaded = await cache.forOrg(db, subject.orgId); byOrg.set(subject.orgId, loaded); }
        const lists = loaded.flatMap((l) => l.lists);
        const found = findHits(loaded, await withReadings(subject));
        run.screened++;
        if (!found.length && !withHits.has(subject.id)) {
          // Subjects of one page share the operator's lists; an organisation's own lists change the stamp, so those are stamped one by one.
          const v = Object.fromEntries(lists.map((l) => [l.id, l.version]));
          if (versions === null || JSON.stringify(versions) === JSON.stringify(v)) { versions = v; quiet.push(subject.id); }
          else await db.update(screeningSubjects).set({ lastScreenedAt: now(), listVersions: v })
            .where(and(eq(screeningSubjects.subjectType, source.type), eq(screeningSubjects.subjectId, subject.id)));
          continue;
        }
        await db.transaction(async (tx) => {
          const at = now();
          const out = await recordScreening(tx, subject, lists, found, at);
          run.hits += out.aml.hits.length;
          if (out.fresh.length) { run.alerted++; await source.onFresh(tx, subject.id, out.fresh, at); }
        });
      }
      if (quiet.length && versions) {
        await db.update(screeningSubjects).set({ lastScreenedAt: now(), listVersions: sql`${JSON.stringify(versions)}::jsonb` })
          .where(and(eq(screeningSubjects.subjectType, source.type), inArray(screeningSubjects.subjectId, quiet)));
      }
      if (page.length < PAGE) break;
    }
  }
  run.ms = Date.now() - started;
  return run;
}
