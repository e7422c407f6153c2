import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { listAudit } from '../accounts/audit';
import type { Db } from '../db/client';
import { apiKeys, companyVerifications, verifications } from '../db/schema';
import type { CompanyRow } from './store';
import { toIndividualRecord, type RecordDeps } from '../individual/record';
import { listDeliveries } from '../webhooks/admin-ops';
import { toAuditEntry } from '../individual/case';

/** A company verification of the organisation by its public `cv_` id or internal id, or null. */
export async function findOrgCompany(db: Db, orgId: string, id: string): Promise<{ row: CompanyRow; mode: 'test' | 'live'; webhookUrl: string | null } | null> {
  if (id.length === 0 || id.length > 200) return null;
  const [found] = await db.select({ c: companyVerifications, mode: apiKeys.mode, eventsUrl: apiKeys.eventsUrl }).from(companyVerifications)
    .innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
    .where(and(or(eq(companyVerifications.publicId, id), eq(companyVerifications.id, id)), eq(apiKeys.orgId, orgId), isNull(companyVerifications.deletedAt)))
    .limit(1);
  return found ? { row: found.c, mode: found.mode, webhookUrl: found.eventsUrl } : null;
}

/**
 * What a reviewer sees beside the company record: the representative's latest liveness session
 * (selfie and evidence, signed URLs), the webhook timeline and the members' actions.
 */
export async function companyCaseExtras(db: Db, orgId: string, row: CompanyRow, deps: RecordDeps) {
  const [liveness] = await db.select().from(verifications)
    .where(and(eq(verifications.companyVerificationId, row.id), isNull(verifications.deletedAt)))
    .orderBy(desc(verifications.createdAt)).limit(1);
  const deliveries = await listDeliveries(db, { limit: 100, page: 1 }, { subjectId: row.id });
  const audit = await listAudit(db, orgId, { subjectId: row.publicId });
  return {
    liveness: liveness ? toIndividualRecord(liveness, deps) : null,
    deliveries: deliveries.items.reverse(),
    audit: audit.map(toAuditEntry),
  };
}
