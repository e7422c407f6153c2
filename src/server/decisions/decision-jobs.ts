import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { Db, DbOrTx } from '../db/types';
import { decisionJobs } from '../db/schema';

export type DecisionJob = typeof decisionJobs.$inferSelect;

/** Attempts before a job gives up and hands the session to a specialist. */
export const MAX_DECISION_ATTEMPTS = 3;

/** Queues the decision of a submitted session; a second call for the same session is a no-op. */
export async function enqueueDecisionJob(db: DbOrTx, verificationId: VerificationId, now: Date): Promise<void> {
  await db.insert(decisionJobs)
    .values({ verificationId, state: 'queued', runAfter: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/**
 * Claims the oldest due job (queued and due, or running with an expired lease: its runner died)
 * and leases it until `leaseUntil`. SKIP LOCKED lets several runners, in one or many processes,
 * claim different jobs.
 */
export async function claimDecisionJob(db: Db, now: Date, leaseUntil: Date): Promise<DecisionJob | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx.select({ id: decisionJobs.verificationId }).from(decisionJobs)
      .where(or(
        and(eq(decisionJobs.state, 'queued'), lte(decisionJobs.runAfter, now)),
        and(eq(decisionJobs.state, 'running'), lte(decisionJobs.leaseUntil, now)),
      ))
      .orderBy(decisionJobs.runAfter)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [job] = await tx.update(decisionJobs)
      .set({ state: 'running', leaseUntil, attempts: sql`${decisionJobs.attempts} + 1`, updatedAt: now })
      .where(eq(decisionJobs.verificationId, due.id))
      .returning();
    return job ?? null;
  });
}

export async function finishDecisionJob(db: DbOrTx, id: VerificationId, now: Date, state: 'done' | 'failed', error?: string): Promise<void> {
  await db.update(decisionJobs).set({ state, leaseUntil: null, lastError: error ?? null, updatedAt: now })
    .where(eq(decisionJobs.verificationId, id));
}

/** Puts a job back for a later attempt (backoff in ms). */
export async function retryDecisionJob(db: DbOrTx, id: VerificationId, now: Date, backoffMs: number, error: string): Promise<void> {
  await db.update(decisionJobs)
    .set({ state: 'queued', leaseUntil: null, runAfter: new Date(now.getTime() + backoffMs), lastError: error, updatedAt: now })
    .where(eq(decisionJobs.verificationId, id));
}

/** Sessions that already have a job (queued, running or finished). */
export async function sessionsWithJobs(db: DbOrTx, ids: VerificationId[]): Promise<Set<VerificationId>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: decisionJobs.verificationId }).from(decisionJobs).where(inArray(decisionJobs.verificationId, ids));
  return new Set(rows.map((r) => r.id));
}
