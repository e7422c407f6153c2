import { eq } from 'drizzle-orm';
import type { CaseRef, PendingDecision } from '../../contract/casework';
import type { Db, DbOrTx } from '../db/types';
import { caseWork, organisations } from '../db/schema';
import { caseWorkOf, setPending } from './assignment';

/** What a member's decision on a case came to (each wing's member-decision.ts, with its own row type). */
export type MemberDecision<Row> =
  | { kind: 'decided'; row: Row }
  | { kind: 'proposed'; row: Row; pending: PendingDecision }
  | { kind: 'same_reviewer'; pending: PendingDecision }
  | { kind: 'not_found' }
  | { kind: 'not_in_review'; status: string | null };

export type Proposed = { decision: 'successful' | 'failed' | 'resubmit'; reason: string };

/**
 * What a specialist's decision does under the organisation's four-eyes setting:
 * - `apply`: decide now (four-eyes off, a resubmission, or a second member confirming the same
 *   decision: `confirms` is the first one's proposal);
 * - `proposed`: stored as the case's proposal, waiting for another member (a first decision, or a
 *   different one that replaces the proposal and so needs a confirmation of its own);
 * - `same_reviewer`: the member who proposed it cannot confirm it.
 */
export type Gate =
  | { kind: 'apply'; confirms: PendingDecision | null }
  | { kind: 'proposed'; pending: PendingDecision; replaced: PendingDecision | null }
  | { kind: 'same_reviewer'; pending: PendingDecision };

/** Whether the organisation asks for a second reviewer (organisations.four_eyes). */
export async function fourEyesOn(db: DbOrTx, orgId: string): Promise<boolean> {
  const [row] = await db.select({ on: organisations.fourEyes }).from(organisations).where(eq(organisations.id, orgId)).limit(1);
  return Boolean(row?.on);
}

/**
 * Runs the four-eyes gate for a member's decision on a case the caller found waiting. The
 * proposal is read and written under a row lock, so two members deciding at once cannot both
 * be "the first". Asking for new photos is not final and is never held.
 */
export async function gateDecision(db: Db, input: { orgId: string; ref: CaseRef; member: { id: string; email: string }; proposed: Proposed; now: Date }): Promise<Gate> {
  const { orgId, ref, member, proposed, now } = input;
  if (proposed.decision === 'resubmit' || !(await fourEyesOn(db, orgId))) return { kind: 'apply', confirms: null };
  const decision = proposed.decision;
  return db.transaction(async (tx): Promise<Gate> => {
    // The row exists before it is locked, so the lock holds even on a case nobody touched yet.
    await tx.insert(caseWork).values({ family: ref.family, caseId: ref.id, orgId, updatedAt: now }).onConflictDoNothing();
    const current = (await caseWorkOf(tx, ref, true))?.pending ?? null;
    if (current && current.decision === decision) {
      if (current.memberId === member.id) return { kind: 'same_reviewer', pending: current };
      return { kind: 'apply', confirms: current };
    }
    const pending: PendingDecision = { decision, reason: proposed.reason, memberId: member.id, email: member.email, at: now.toISOString() };
    await setPending(tx, orgId, ref, pending, now);
    return { kind: 'proposed', pending, replaced: current };
  });
}

/** After the decision is made (in its transaction): the proposal is spent. */
export async function clearProposal(db: DbOrTx, orgId: string, ref: CaseRef, now: Date): Promise<void> {
  if (await caseWorkOf(db, ref)) await setPending(db, orgId, ref, null, now);
}
