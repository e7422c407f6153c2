import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import { automaticChecksSchema } from '../../contract/automatic-checks';
import { listAudit, toAuditEntry } from '../accounts/audit';
import type { Db } from '../db/types';
import { apiKeys, verifications } from '../db/schema';
import type { VerificationRow } from './record';
import { listDeliveries } from '../webhooks/admin-ops';
import { listRiskEntries, toRiskListEntry } from '../identity/risk-lists';
import { caseHits } from '../screening/screen-subject';

/** An individual session of the organisation (not deleted, not a representative's check), or null. */
export async function findOrgVerification(db: Db, orgId: string, id: VerificationId): Promise<VerificationRow | null> {
  const [row] = await db.select({ v: verifications }).from(verifications)
    .innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId))
    .where(and(eq(verifications.id, id), eq(apiKeys.orgId, orgId), isNull(verifications.deletedAt), isNull(verifications.companyVerificationId)))
    .limit(1);
  return row?.v ?? null;
}

/** What a reviewer sees beside the record: the automatic scores, the webhook timeline, who did what. */
export async function caseExtras(db: Db, orgId: string, row: VerificationRow) {
  const checks = automaticChecksSchema.safeParse(row.checks);
  const deliveries = await listDeliveries(db, { limit: 100, page: 1 }, { subjectId: row.id });
  const audit = await listAudit(db, orgId, { subjectId: row.id });
  // Block and allow entries taken from, or pairing, this case (the case view shows them).
  const riskLists = (await listRiskEntries(db, orgId, { verificationId: row.id })).map(toRiskListEntry);
  // Every screening hit of the case, resolved ones included (the reviewer resolves them here).
  const screeningHits = await caseHits(db, orgId, 'individual', row.id);
  const matchedBy = await laterMatches(db, orgId, row.id);
  return { checks: checks.success ? checks.data : null, deliveries: deliveries.items.reverse(), audit: audit.map(toAuditEntry), riskLists, screeningHits, matchedBy };
}

/**
 * The organisation's later sessions whose risk signals name this one (a reused document, the
 * same face under another name, a block taken from it): the link seen from the earlier case,
 * so two cases of one ring waiting together each point at the other.
 */
async function laterMatches(db: Db, orgId: string, id: VerificationId) {
  const needle = JSON.stringify({ risk: { signals: [{ matchVerificationId: id }] } });
  const rows = await db.select({ id: verifications.id, checks: verifications.checks, status: verifications.status, createdAt: verifications.createdAt })
    .from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId))
    .where(and(eq(apiKeys.orgId, orgId), ne(verifications.id, id), isNull(verifications.deletedAt), sql`${verifications.checks}::jsonb @> ${needle}::jsonb`))
    .orderBy(desc(verifications.createdAt)).limit(20);
  return rows.flatMap((r) => {
    const parsed = automaticChecksSchema.safeParse(r.checks);
    const signals = parsed.success ? parsed.data.risk?.signals ?? [] : [];
    return signals.filter((s) => s.matchVerificationId === id).map((s) => ({ verificationId: r.id, status: r.status, signal: s.signal, detail: s.detail }));
  });
}

/**
 * The tries a specialist sent back, oldest first, as the case view shows them: when and why,
 * their captures (signed links; empty once the media were erased) and the checks they had.
 */
export function earlierAttemptsOf(row: Pick<VerificationRow, 'earlierAttempts'>, mediaUrl: (key: string) => string) {
  return (row.earlierAttempts ?? []).map((a, i) => {
    const checks = automaticChecksSchema.safeParse(a.checks);
    return {
      attempt: i + 1, sentBackAt: a.at, reason: a.reason,
      images: { selfie: mediaUrl(a.media?.selfie ?? ''), front: mediaUrl(a.media?.front ?? ''), back: mediaUrl(a.media?.back ?? '') },
      checks: checks.success ? checks.data : null,
    };
  });
}
