import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { REVIEW_SLA_DEFAULT_HOURS } from '../../contract/casework';
import type { DashboardList, DashboardListItem, DashboardListQuery } from '../../contract/dashboard';
import { plausibleVerificationId } from '../../contract/ids';
import type { Db } from '../db/types';
import { reviewersOf } from '../casework/assignment';
import { apiKeys, caseWork, companyVerifications, members, verifications } from '../db/schema';

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const nextDay = (d: string) => new Date(day(d).getTime() + 24 * 3600 * 1000);
const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const HOUR_MS = 3600_000;

/** The person's name as read from the document (docInfo's parts, blanks dropped). */
const indName = sql<string | null>`nullif(trim(concat_ws(' ', nullif(${verifications.docInfo}->>'firstName', ''), nullif(${verifications.docInfo}->>'middleName', ''), nullif(${verifications.docInfo}->>'lastName', ''))), '')`;
const coName = sql<string | null>`nullif(trim(${companyVerifications.draft}->'business'->>'legalName'), '')`;
const coCountry = sql<string | null>`${companyVerifications.draft}->'business'->>'countryOfRegistration'`;
const openHit = (type: 'individual' | 'company', id: SQL | typeof verifications.id | typeof companyVerifications.id) =>
  sql<boolean>`exists (select 1 from screening_hits h where h.subject_type = ${type} and h.subject_id = ${id} and h.state = 'open' and h.gone_at is null)`;
/** See dashboardListItemSchema.risk: screening first, then the automatic checks (or the company's analysis). */
const indRisk = sql<'low' | 'medium' | 'high' | null>`case when ${openHit('individual', verifications.id)} then 'high'
  when ${verifications.checks}->>'outcome' = 'failed' then 'high' when ${verifications.checks}->>'outcome' = 'review' then 'medium'
  when ${verifications.checks}->>'outcome' = 'successful' then 'low' else null end`;
const coRisk = sql<'low' | 'medium' | 'high' | null>`case when ${openHit('company', companyVerifications.id)} then 'high'
  when ${companyVerifications.submittedAt} is null then null
  when jsonb_typeof(${companyVerifications.analysis}->'reviewFlags') = 'array' and jsonb_array_length(${companyVerifications.analysis}->'reviewFlags') > 0 then 'medium'
  else 'low' end`;

/**
 * Both families of one organisation, newest first (or waiting longest first), with the team's
 * work on each (assignee, four-eyes proposal) and the key's review time. Each family is read in
 * order up to the page's end and the two runs merged, so a page costs at most 2 × page × limit
 * rows. A session that is a company representative's liveness check belongs to its company case.
 * The count cards follow the filters except status and waiting, which they choose themselves.
 */
export async function listOrgVerifications(db: Db, orgId: string, q: DashboardListQuery, me: { id: string } | null = null, now = new Date()): Promise<DashboardList> {
  const upTo = q.page * q.limit;
  const wantIndividual = q.family !== 'company';
  const wantCompany = q.family !== 'individual';
  const waitingInd = and(eq(verifications.status, 'completed'), eq(verifications.decision, 'review'));
  const waitingCo = or(eq(companyVerifications.status, 'submitted'), eq(companyVerifications.status, 'under review'));
  const oldest = q.sort === 'oldest';

  const indWhere: (SQL | undefined)[] = [eq(apiKeys.orgId, orgId), isNull(verifications.deletedAt), isNull(verifications.companyVerificationId)];
  const coWhere: (SQL | undefined)[] = [eq(apiKeys.orgId, orgId), isNull(companyVerifications.deletedAt)];
  if (q.keyId) { indWhere.push(eq(verifications.apiKeyId, q.keyId)); coWhere.push(eq(companyVerifications.apiKeyId, q.keyId)); }
  if (q.from) { indWhere.push(gte(verifications.createdAt, day(q.from))); coWhere.push(gte(companyVerifications.createdAt, day(q.from))); }
  if (q.to) { indWhere.push(lt(verifications.createdAt, nextDay(q.to))); coWhere.push(lt(companyVerifications.createdAt, nextDay(q.to))); }
  if (q.assignee) {
    // `me` needs a member; without one it matches nobody (never everyone).
    const who = q.assignee === 'me' ? me?.id ?? '' : q.assignee;
    const cond = q.assignee === 'none' ? isNull(caseWork.assigneeId) : eq(caseWork.assigneeId, who);
    indWhere.push(cond); coWhere.push(cond);
  }
  if (q.q) {
    // The text as a session's id (the schema bounds its length, so a non-empty one is plausible), a name, or vendorData.
    const asId = plausibleVerificationId(q.q);
    indWhere.push(or(asId ? eq(verifications.id, asId) : undefined, ilike(verifications.vendorData, like(q.q)), ilike(sql`coalesce(${indName}, '')`, like(q.q))));
    coWhere.push(or(eq(companyVerifications.publicId, q.q), eq(companyVerifications.id, q.q), ilike(companyVerifications.vendorData, like(q.q)), ilike(sql`coalesce(${coName}, '')`, like(q.q))));
  }
  // What the count cards are over, before the status and waiting the list adds.
  const indScope = and(...indWhere);
  const coScope = and(...coWhere);
  if (q.status) { indWhere.push(eq(verifications.status, q.status)); coWhere.push(eq(companyVerifications.status, q.status)); }
  if (q.waiting) { indWhere.push(waitingInd); coWhere.push(waitingCo); }

  const indWork = and(eq(caseWork.family, 'individual'), eq(caseWork.caseId, verifications.id));
  const coWork = and(eq(caseWork.family, 'company'), eq(caseWork.caseId, companyVerifications.publicId));
  const shared = { keyId: apiKeys.id, keyName: apiKeys.name, keyMode: apiKeys.mode, slaHours: apiKeys.reviewSlaHours, assigneeId: caseWork.assigneeId, assigneeEmail: members.email, pending: caseWork.pending };
  const ind = wantIndividual ? await db.select({
    id: verifications.id, status: verifications.status, statusCode: verifications.statusCode, vendorData: verifications.vendorData,
    decision: verifications.decision, name: indName, country: verifications.issuingState, risk: indRisk, submittedAt: verifications.submittedAt,
    createdAt: verifications.createdAt, updatedAt: verifications.updatedAt, ...shared,
  }).from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId))
    .leftJoin(caseWork, indWork).leftJoin(members, eq(members.id, caseWork.assigneeId)).where(and(...indWhere))
    .orderBy(...(oldest ? [sql`${verifications.submittedAt} asc nulls last`, asc(verifications.createdAt), asc(verifications.id)] : [desc(verifications.createdAt), desc(verifications.id)]))
    .limit(upTo) : [];
  const co = wantCompany ? await db.select({
    id: companyVerifications.publicId, status: companyVerifications.status, statusCode: companyVerifications.statusCode,
    vendorData: companyVerifications.vendorData, name: coName, country: coCountry, risk: coRisk, submittedAt: companyVerifications.submittedAt,
    createdAt: companyVerifications.createdAt, updatedAt: companyVerifications.updatedAt, ...shared,
  }).from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
    .leftJoin(caseWork, coWork).leftJoin(members, eq(members.id, caseWork.assigneeId)).where(and(...coWhere))
    .orderBy(...(oldest ? [sql`${companyVerifications.submittedAt} asc nulls last`, asc(companyVerifications.createdAt), asc(companyVerifications.id)] : [desc(companyVerifications.createdAt), desc(companyVerifications.id)]))
    .limit(upTo) : [];

  type Row = (typeof ind)[number] | (typeof co)[number];
  const item = (family: 'individual' | 'company', r: Row, waiting: boolean): DashboardListItem => ({
    family, id: r.id, status: r.status, statusCode: r.statusCode, vendorData: r.vendorData, keyId: r.keyId, keyName: r.keyName, keyMode: r.keyMode,
    waitingForReview: waiting, name: r.name ?? '', country: r.country ?? '', risk: r.risk ?? null,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    dueAt: waiting && r.submittedAt ? new Date(r.submittedAt.getTime() + (r.slaHours ?? REVIEW_SLA_DEFAULT_HOURS) * HOUR_MS).toISOString() : null,
    assignee: r.assigneeId && r.assigneeEmail ? { id: r.assigneeId, email: r.assigneeEmail } : null,
    awaitingSecondReview: waiting && Boolean(r.pending),
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  });
  // The merged order: as each family was read (submittedAt then createdAt ascending, or createdAt descending).
  const keyOf = (i: DashboardListItem) => (oldest ? `${i.submittedAt ?? '~'}|${i.createdAt}|${i.id}` : `${i.createdAt}|${i.id}`);
  const items = [
    ...ind.map((r) => item('individual', r, r.status === 'completed' && r.decision === 'review')),
    ...co.map((r) => item('company', r, r.status === 'submitted' || r.status === 'under review')),
  ].sort((a, b) => (oldest ? (keyOf(a) < keyOf(b) ? -1 : 1) : (keyOf(a) < keyOf(b) ? 1 : -1)));

  const fromInd = () => db.select({ n: count() }).from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId)).leftJoin(caseWork, indWork);
  const fromCo = () => db.select({ n: count() }).from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId)).leftJoin(caseWork, coWork);
  const [indTotal] = wantIndividual ? await fromInd().where(and(...indWhere)) : [{ n: 0 }];
  const [coTotal] = wantCompany ? await fromCo().where(and(...coWhere)) : [{ n: 0 }];

  const indCounts = wantIndividual ? await db.select({ status: verifications.status, n: count(), waiting: sql<number>`count(*) filter (where ${waitingInd})` })
    .from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId)).leftJoin(caseWork, indWork)
    .where(indScope).groupBy(verifications.status) : [];
  const coCounts = wantCompany ? await db.select({ status: companyVerifications.status, n: count() })
    .from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId)).leftJoin(caseWork, coWork)
    .where(coScope).groupBy(companyVerifications.status) : [];
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
    reviewers: await reviewersOf(db, orgId),
    now: now.toISOString(),
  };
}
