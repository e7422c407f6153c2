import { and, eq, isNull } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/types';
import { apiKeys, verifications } from '../db/schema';
import type { ApiKeyRow } from '../keys/api-keys';
import { expiredIndividual, expireIndividuals, isIndividualExpired } from './expiry';
import type { VerificationRow } from './record';
import { observeOutcome } from './flow-analytics';

/**
 * Sessions the individual flow owns: not deleted (deleted and unknown read the same) and not a
 * company representative's liveness verification (company-liveness.ts drives those; their id
 * reaches the browser, so this API must not let anyone start, upload to or submit them).
 */
export function ownedSession(id: VerificationId) {
  return and(eq(verifications.id, id), isNull(verifications.deletedAt), isNull(verifications.companyVerificationId));
}

/**
 * A session as the hosted flow sees it (see ownedSession), with 7-day expiry applied (and
 * stored) first, so a due session never reads as open.
 */
export async function findHostedVerification(ctx: Pick<AppContext, 'db' | 'clock'>, id: VerificationId): Promise<VerificationRow | null> {
  const [row] = await ctx.db.select().from(verifications).where(ownedSession(id)).limit(1);
  if (!row) return null;
  const now = ctx.clock.now();
  if (!isIndividualExpired(row, now)) return row;
  const [updated] = await expireIndividuals(ctx.db, now, { id: row.id });
  // Nothing updated: another request expired (or moved) it first; the pure form answers alike.
  return updated ?? expiredIndividual(row);
}

/**
 * The row, locked FOR UPDATE until the transaction ends: every state change of a session goes
 * through this, so two requests (double submit, upload racing a decision) are serialised.
 * Expiry is applied in memory: a due row is answered as closed even if not swept yet.
 */
export async function lockVerification(tx: Tx, id: VerificationId, now: Date): Promise<VerificationRow | null> {
  const [row] = await tx.select().from(verifications).where(ownedSession(id)).for('update');
  if (!row) return null;
  return isIndividualExpired(row, now) ? expiredIndividual(row) : row;
}

/** Writes the changed columns and returns the new row. */
export async function updateVerification(tx: DbOrTx, id: VerificationId, set: Partial<VerificationRow>): Promise<VerificationRow> {
  const [row] = await tx.update(verifications).set(set).where(eq(verifications.id, id)).returning();
  if (!row) throw new Error('verification vanished inside its own transaction');
  // Every status or decision write passes here: the overview counts where the session went.
  if (set.status !== undefined || set.decision !== undefined) await observeOutcome(tx, row);
  return row;
}

/** The key that created a session (revoked keys included: their sessions still run). */
export async function keyOfVerification(db: DbOrTx, row: Pick<VerificationRow, 'apiKeyId'>): Promise<ApiKeyRow> {
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, row.apiKeyId)).limit(1);
  if (!key) throw new Error('verification without its api key');
  return key;
}
