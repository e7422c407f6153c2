import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { isPlausibleId } from '../../contract/ids';
import { listAudit, toAuditEntry } from '../accounts/audit';
import type { Db } from '../db/types';
import { apiKeys, companyVerifications, verifications } from '../db/schema';
import type { CompanyRow } from './store';
import { listDeliveries } from '../webhooks/admin-ops';
import { caseHits } from '../screening/screen-subject';

/** A company verification of the organisation by its public `cv_` id or internal id, or null. */
export async function findOrgCompany(db: Db, orgId: string, id: string): Promise<{ row: CompanyRow; mode: 'test' | 'live'; webhookUrl: string | null } | null> {
  if (!isPlausibleId(id)) return null;
  const [found] = await db.select({ c: companyVerifications, mode: apiKeys.mode, eventsUrl: apiKeys.eventsUrl }).from(companyVerifications)
    .innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
    .where(and(or(eq(companyVerifications.publicId, id), eq(companyVerifications.id, id)), eq(apiKeys.orgId, orgId), isNull(companyVerifications.deletedAt)))
    .limit(1);
  return found ? { row: found.c, mode: found.mode, webhookUrl: found.eventsUrl } : null;
}

/** The representative's liveness session row, as the dashboard composes it (an individual record). */
export type RepresentativeRow = typeof verifications.$inferSelect;

/**
 * What a reviewer sees beside the company record: the representative's latest liveness session
 * (selfie and evidence, signed URLs), the webhook timeline and the members' actions. The
 * session is shown as the individual product shows its records: the composer (the dashboard)
 * hands that mapping in, so this wing never imports the other.
 */
export async function companyCaseExtras<R>(db: Db, orgId: string, row: CompanyRow, livenessRecord: (row: RepresentativeRow) => R) {
  const [liveness] = await db.select().from(verifications)
    .where(and(eq(verifications.companyVerificationId, row.id), isNull(verifications.deletedAt)))
    .orderBy(desc(verifications.createdAt)).limit(1);
  const deliveries = await listDeliveries(db, { limit: 100, page: 1 }, { subjectId: row.id });
  const audit = await listAudit(db, orgId, { subjectId: row.publicId });
  return {
    liveness: liveness ? livenessRecord(liveness) : null,
    deliveries: deliveries.items.reverse(),
    audit: audit.map(toAuditEntry),
    // The company's and its people's screening hits, resolved ones included.
    screeningHits: await caseHits(db, orgId, 'company', row.id),
  };
}
