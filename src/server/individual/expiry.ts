import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import { individualStatusCodes, type IndividualStatus } from '../../contract/statuses';
import type { DbOrTx } from '../db/types';
import { verifications } from '../db/schema';
import type { VerificationRow } from './record';
import { observeOutcome } from './flow-analytics';

/**
 * Individual session expiry (spec: Limits, 7 days after creation; `expiresAt` is set at create):
 * `not started` → `cancelled` (5000), `started` → `abandoned` (3033); decision `expired`,
 * reason `Session expired`. Other statuses never expire: `completed` waits for its decision.
 *
 * `updatedAt` becomes `expiresAt`, the moment the change logically happened, so a record reads
 * the same whether the sweeper or a read applied it first. No webhook is sent: the spec has no
 * expiry event (the decision URL only hears successful/failed).
 */
export const EXPIRY_REASON = 'Session expired';
export const expirableIndividualStatuses = ['not started', 'started'] as const satisfies readonly IndividualStatus[];

const expiredStatusOf = { 'not started': 'cancelled', started: 'abandoned' } as const;

export function isIndividualExpired(row: Pick<VerificationRow, 'status' | 'expiresAt'>, now: Date): boolean {
  return (expirableIndividualStatuses as readonly string[]).includes(row.status) && row.expiresAt.getTime() <= now.getTime();
}

/** The row as expiry leaves it (pure: for answering a read without a second query). */
type ExpirySource = Pick<VerificationRow, 'status' | 'statusCode' | 'decision' | 'reason' | 'expiresAt' | 'updatedAt'>;
export function expiredIndividual<T extends ExpirySource>(row: T): T {
  const status = expiredStatusOf[row.status as keyof typeof expiredStatusOf];
  if (!status) return row;
  return { ...row, status, statusCode: individualStatusCodes[status], decision: 'expired', reason: EXPIRY_REASON, updatedAt: row.expiresAt };
}

const expirySet = {
  status: sql`CASE WHEN ${verifications.status} = 'not started' THEN 'cancelled' ELSE 'abandoned' END`,
  // Codes inlined as literals (our constants): a bound parameter in a CASE would be text.
  statusCode: sql`CASE WHEN ${verifications.status} = 'not started' THEN ${sql.raw(String(individualStatusCodes.cancelled))} ELSE ${sql.raw(String(individualStatusCodes.abandoned))} END`,
  decision: 'expired',
  reason: EXPIRY_REASON,
  updatedAt: sql`${verifications.expiresAt}`,
};

function dueAt(now: Date): SQL {
  return and(inArray(verifications.status, [...expirableIndividualStatuses]), lte(verifications.expiresAt, now))!;
}

/**
 * Applies expiry to due sessions, optionally only one key's or one record's; `limit` bounds a
 * sweeper batch. The status condition sits in the outer WHERE, so a row a concurrent request
 * moved meanwhile is re-checked by PostgreSQL and left alone. Returns the updated rows.
 */
export async function expireIndividuals(
  db: DbOrTx, now: Date, scope: { apiKeyId?: string; id?: VerificationId; limit?: number } = {},
): Promise<VerificationRow[]> {
  const conds: SQL[] = [dueAt(now)];
  if (scope.apiKeyId) conds.push(eq(verifications.apiKeyId, scope.apiKeyId));
  if (scope.id) conds.push(eq(verifications.id, scope.id));
  if (scope.limit) {
    const batch = db.select({ id: verifications.id }).from(verifications).where(and(...conds)).limit(scope.limit);
    conds.push(inArray(verifications.id, batch));
  }
  const expired = await db.update(verifications).set(expirySet).where(and(...conds)).returning();
  for (const row of expired) await observeOutcome(db, row);
  return expired;
}
