import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminCompanyListQuery, CompanyListItem, KeyMode } from '../../contract/admin';
import type { CompanyStatus } from '../../contract/statuses';
import type { DbOrTx } from '../db/types';
import { apiKeys, companyVerifications } from '../db/schema';
import type { CompanyRow } from './store';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stored row as one line of the operator's list (contract: companyListItemSchema). */
export function toListItem(row: CompanyRow, mode: KeyMode): CompanyListItem {
  const business = (row.draft.business ?? {}) as Record<string, unknown>;
  const prov = row.analysis.provisioning as { ready?: unknown } | undefined;
  return {
    id: row.id,
    verificationId: row.publicId,
    status: row.status as CompanyStatus,
    statusCode: row.statusCode,
    keyId: row.apiKeyId,
    mode,
    vendorData: row.vendorData,
    campaignId: row.campaignId,
    campaignVersion: row.campaignVersion,
    legalName: text(business.legalName),
    countryOfRegistration: text(business.countryOfRegistration),
    reviewFlags: Array.isArray(row.analysis.reviewFlags) ? row.analysis.reviewFlags.filter((f): f is string => typeof f === 'string') : [],
    provisioningReady: typeof prov?.ready === 'boolean' ? prov.ready : null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every key's company verifications, most recently updated first, optionally by status/mode. */
export async function listCompaniesForOperator(
  db: DbOrTx, q: AdminCompanyListQuery,
): Promise<{ items: CompanyListItem[]; total: number }> {
  const conds: SQL[] = [isNull(companyVerifications.deletedAt)];
  if (q.status) conds.push(eq(companyVerifications.status, q.status));
  if (q.mode) conds.push(eq(apiKeys.mode, q.mode));
  const where = and(...conds);
  const rows = await db.select({ row: companyVerifications, mode: apiKeys.mode }).from(companyVerifications)
    .innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
    .where(where).orderBy(desc(companyVerifications.updatedAt), desc(companyVerifications.id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(companyVerifications)
    .innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId)).where(where);
  return { items: rows.map((r) => toListItem(r.row, r.mode)), total: Number(total) };
}
