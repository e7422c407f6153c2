import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DashboardList, DashboardListItem, DashboardListQuery } from '../../contract/dashboard';
import { plausibleVerificationId } from '../../contract/ids';
import type { Db } from '../db/types';
import { apiKeys, companyVerifications, verifications } from '../db/schema';

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const nextDay = (d: string) => new Date(day(d).getTime() + 24 * 3600 * 1000);
const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Both families of one organisation, newest first. Each family is read newest-first up to the
 * page's end and the two runs merged, so a page costs at most 2 × page × limit rows. A session
 * that is a company representative's liveness check belongs to its company case, not the list.
 */
export async function listOrgVerifications(db: Db, orgId: string, q: DashboardListQuery): Promise<DashboardList> {
  const upTo = q.page * q.limit;
  const wantIndividual = q.family !== 'company';
  const wantCompany = q.family !== 'individual';
  const waitingInd = and(eq(verifications.status, 'completed'), eq(verifications.decision, 'review'));
  const waitingCo = or(eq(companyVerifications.status, 'submitted'), eq(companyVerifications.status, 'under review'));

  const indWhere: (SQL | undefined)[] = [eq(apiKeys.orgId, orgId), isNull(verifications.deletedAt), isNull(verifications.companyVerificationId)];
  const coWhere: (SQL | undefined)[] = [eq(apiKeys.orgId, orgId), isNull(companyVerifications.deletedAt)];
  if (q.status) { indWhere.push(eq(verifications.status, q.status)); coWhere.push(eq(companyVerifications.status, q.status)); }
  if (q.keyId) { indWhere.push(eq(verifications.apiKeyId, q.keyId)); coWhere.push(eq(companyVerifications.apiKeyId, q.keyId)); }
  if (q.from) { indWhere.push(gte(verifications.createdAt, day(q.from))); coWhere.push(gte(companyVerifications.createdAt, day(q.from))); }
  if (q.to) { indWhere.push(lt(verifications.createdAt, nextDay(q.to))); coWhere.push(lt(companyVerifications.createdAt, nextDay(q.to))); }
  if (q.waiting) { indWhere.push(waitingInd); coWhere.push(waitingCo); }
  if (q.q) {
    // The text as a session's id (the schema bounds its length, so a non-empty one is plausible).
    const asId = plausibleVerificationId(q.q);
    indWhere.push(or(asId ? eq(verifications.id, asId) : undefined, ilike(verifications.vendorData, like(q.q))));
    coWhere.push(or(eq(companyVerifications.publicId, q.q), eq(companyVerifications.id, q.q), ilike(companyVerifications.vendorData, like(q.q))));
  }

  const keyCols = { keyId: apiKeys.id, keyName: apiKeys.name, keyMode: apiKeys.mode };
  const ind = wantIndividual ? await db.select({
    id: verifications.id, status: verifications.status, statusCode: verifications.statusCode, vendorData: verifications.vendorData,
    decision: verifications.decision, createdAt: verifications.createdAt, updatedAt: verifications.updatedAt, ...keyCols,
  }).from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId)).where(and(...indWhere))
    .orderBy(desc(verifications.createdAt), desc(verifications.id)).limit(upTo) : [];
  const co = wantCompany ? await db.select({
    id: companyVerifications.publicId, status: companyVerifications.status, statusCode: companyVerifications.statusCode,
    vendorData: companyVerifications.vendorData, createdAt: companyVerifications.createdAt, updatedAt: companyVerifications.updatedAt, ...keyCols,
  }).from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId)).where(and(...coWhere))
    .orderBy(desc(companyVerifications.createdAt), desc(companyVerifications.id)).limit(upTo) : [];

  const items: DashboardListItem[] = [
    ...ind.map((r) => ({ family: 'individual' as const, id: r.id, status: r.status, statusCode: r.statusCode, vendorData: r.vendorData, keyId: r.keyId, keyName: r.keyName, keyMode: r.keyMode, waitingForReview: r.status === 'completed' && r.decision === 'review', createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    ...co.map((r) => ({ family: 'company' as const, id: r.id, status: r.status, statusCode: r.statusCode, vendorData: r.vendorData, keyId: r.keyId, keyName: r.keyName, keyMode: r.keyMode, waitingForReview: r.status === 'submitted' || r.status === 'under review', createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
  ].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));

  const [indTotal] = wantIndividual ? await db.select({ n: count() }).from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId)).where(and(...indWhere)) : [{ n: 0 }];
  const [coTotal] = wantCompany ? await db.select({ n: count() }).from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId)).where(and(...coWhere)) : [{ n: 0 }];

  const indCounts = await db.select({ status: verifications.status, n: count(), waiting: sql<number>`count(*) filter (where ${waitingInd})` })
    .from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId))
    .where(and(eq(apiKeys.orgId, orgId), isNull(verifications.deletedAt), isNull(verifications.companyVerificationId))).groupBy(verifications.status);
  const coCounts = await db.select({ status: companyVerifications.status, n: count() })
    .from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
    .where(and(eq(apiKeys.orgId, orgId), isNull(companyVerifications.deletedAt))).groupBy(companyVerifications.status);
  const toRecord = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const waiting = indCounts.reduce((s, r) => s + Number(r.waiting), 0)
    + coCounts.filter((r) => r.status === 'submitted' || r.status === 'under review').reduce((s, r) => s + Number(r.n), 0);

  const keys = await db.select({ id: apiKeys.id, name: apiKeys.name, mode: apiKeys.mode, revokedAt: apiKeys.revokedAt })
    .from(apiKeys).where(eq(apiKeys.orgId, orgId)).orderBy(apiKeys.createdAt);

  return {
    keys: keys.map((k) => ({ id: k.id, name: k.name, mode: k.mode, revoked: k.revokedAt !== null })),
    items: items.slice((q.page - 1) * q.limit, upTo),
    total: Number(indTotal?.n ?? 0) + Number(coTotal?.n ?? 0),
    counts: { individual: toRecord(indCounts), company: toRecord(coCounts), waitingForReview: waiting },
  };
}
