import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { companyStatusCodes, type CompanyStatus } from '../../contract/statuses';
import type { DbOrTx } from '../db/types';
import { companyVerifications } from '../db/schema';
import type { CompanyRow } from './record';
import { observeCompanyStatus } from './flow-analytics';

/**
 * Company link expiry (spec: the link is valid until `expiresAt`): a verification still
 * `not started` or `started` and never submitted becomes `abandoned` (3033) at `expiresAt`.
 * `not started` also goes to `abandoned` (the company table has no `cancelled`), reason
 * `Link expired`, with an auditTrail entry `{ at, action: 'expired', actor: 'system', from, to }` (the
 * AuditEntry shape of domain/company-audit.ts).
 * `updatedAt` becomes `expiresAt` (when it logically happened). No webhook: the spec has no
 * expiry event for companies.
 */
export const COMPANY_EXPIRY_REASON = 'Link expired';
export const expirableCompanyStatuses = ['not started', 'started'] as const satisfies readonly CompanyStatus[];

export function isCompanyExpired(row: Pick<CompanyRow, 'status' | 'expiresAt' | 'submittedAt'>, now: Date): boolean {
  return (expirableCompanyStatuses as readonly string[]).includes(row.status)
    && row.submittedAt === null && row.expiresAt.getTime() <= now.getTime();
}

const isoUtc = (col: SQL | typeof companyVerifications.expiresAt) =>
  sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const expirySet = {
  status: 'abandoned',
  statusCode: companyStatusCodes.abandoned,
  reason: COMPANY_EXPIRY_REASON,
  updatedAt: sql`${companyVerifications.expiresAt}`,
  // Every SET expression reads the old row, so `status` here is the status before expiry.
  auditTrail: sql`${companyVerifications.auditTrail} || jsonb_build_array(jsonb_build_object(
    'at', ${isoUtc(companyVerifications.expiresAt)}, 'action', 'expired', 'actor', 'system',
    'from', ${companyVerifications.status}, 'to', 'abandoned'))`,
};

/**
 * Expires due company verifications, optionally for one key, or one record by internal or
 * public id; `limit` bounds a sweeper batch. Conditions are re-checked in the outer WHERE.
 */
export async function expireCompanies(
  db: DbOrTx, now: Date, scope: { apiKeyId?: string; id?: string; limit?: number } = {},
): Promise<CompanyRow[]> {
  const conds: SQL[] = [
    inArray(companyVerifications.status, [...expirableCompanyStatuses]),
    isNull(companyVerifications.submittedAt),
    lte(companyVerifications.expiresAt, now),
  ];
  if (scope.apiKeyId) conds.push(eq(companyVerifications.apiKeyId, scope.apiKeyId));
  if (scope.id) conds.push(or(eq(companyVerifications.id, scope.id), eq(companyVerifications.publicId, scope.id))!);
  if (scope.limit) {
    const batch = db.select({ id: companyVerifications.id }).from(companyVerifications).where(and(...conds)).limit(scope.limit);
    conds.push(inArray(companyVerifications.id, batch));
  }
  const expired = await db.update(companyVerifications).set(expirySet).where(and(...conds)).returning();
  for (const row of expired) await observeCompanyStatus(db, row, { status: row.status });
  return expired;
}
