import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { roleAbilities } from '../../contract/accounts';
import type { CaseRef } from '../../contract/casework';
import type { DbOrTx } from '../db/types';
import { caseWork, members } from '../db/schema';

export type CaseWorkRow = typeof caseWork.$inferSelect;

/** Members of the organisation who may review (the ones a case can be given to), by address. */
export async function reviewersOf(db: DbOrTx, orgId: string): Promise<{ id: string; email: string }[]> {
  const rows = await db.select({ id: members.id, email: members.email, role: members.role }).from(members)
    .where(and(eq(members.orgId, orgId), isNull(members.removedAt), isNotNull(members.passwordHash))).orderBy(members.email);
  return rows.filter((r) => roleAbilities[r.role].review).map(({ id, email }) => ({ id, email }));
}

/** The team's row of one case, or null when nobody has touched it. `forUpdate` locks it for a move. */
export async function caseWorkOf(db: DbOrTx, ref: CaseRef, forUpdate = false): Promise<CaseWorkRow | null> {
  const q = db.select().from(caseWork).where(and(eq(caseWork.family, ref.family), eq(caseWork.caseId, ref.id))).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Rows of many cases of one family at once (the list's page), keyed by case id. */
export async function caseWorkMany(db: DbOrTx, family: CaseRef['family'], ids: string[]): Promise<Map<string, CaseWorkRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(caseWork).where(and(eq(caseWork.family, family), inArray(caseWork.caseId, ids)));
  return new Map(rows.map((r) => [r.caseId, r]));
}

/**
 * Gives the case to a member (or releases it with null). The caller has checked that the case is
 * the organisation's and the member one of its reviewers. Returns the previous assignee's id.
 */
export async function setAssignee(db: DbOrTx, orgId: string, ref: CaseRef, assigneeId: string | null, now: Date): Promise<{ previous: string | null }> {
  const before = await caseWorkOf(db, ref);
  await db.insert(caseWork).values({ family: ref.family, caseId: ref.id, orgId, assigneeId, assignedAt: assigneeId ? now : null, updatedAt: now })
    .onConflictDoUpdate({ target: [caseWork.family, caseWork.caseId], set: { assigneeId, assignedAt: assigneeId ? now : null, updatedAt: now } });
  return { previous: before?.assigneeId ?? null };
}

/** Sets or clears the four-eyes proposal of a case (kept with its assignment). */
export async function setPending(db: DbOrTx, orgId: string, ref: CaseRef, pending: CaseWorkRow['pending'], now: Date): Promise<void> {
  await db.insert(caseWork).values({ family: ref.family, caseId: ref.id, orgId, pending, updatedAt: now })
    .onConflictDoUpdate({ target: [caseWork.family, caseWork.caseId], set: { pending: pending ?? sql`null`, updatedAt: now } });
}

/** A member leaves the team: the cases they had go back to nobody (so the queue does not hide them). Answers how many. */
export async function releaseCasesOf(db: DbOrTx, memberId: string, now: Date): Promise<number> {
  const released = await db.update(caseWork).set({ assigneeId: null, assignedAt: null, updatedAt: now }).where(eq(caseWork.assigneeId, memberId)).returning({ id: caseWork.caseId });
  return released.length;
}

/** Forgets the team's row and notes of cases being erased (redaction, deletion). */
export async function forgetCaseWork(db: DbOrTx, ref: CaseRef): Promise<void> {
  await db.delete(caseWork).where(and(eq(caseWork.family, ref.family), eq(caseWork.caseId, ref.id)));
}
