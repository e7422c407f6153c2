import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { RiskListEntry } from '../../contract/risk-lists';
import type { DbOrTx } from '../db/types';
import { identityMarks, riskListEntries } from '../db/schema';

type EntryRow = typeof riskListEntries.$inferSelect;

/** Entry ids: 128 random bits. */
const newEntryId = () => `rl_${randomBytes(16).toString('hex')}`;

export const toRiskListEntry = (r: EntryRow): RiskListEntry => ({
  id: r.id, list: r.list, target: r.target, verificationId: r.verificationId, otherVerificationId: r.otherVerificationId,
  reason: r.reason, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(),
});

export type BlockResult = { ok: true; entries: EntryRow[] } | { ok: false; code: 'no_face_stored' | 'no_document_stored' };

/**
 * Blocks the case's face (a copy of its embedding, so the block outlives the case's media) and/or
 * its document number (the digest). Refused when what is asked was never stored or is erased.
 */
export async function blockFromCase(db: DbOrTx, q: { orgId: string; verificationId: VerificationId; face: boolean; document: boolean; reason: string; by: string; now: Date }): Promise<BlockResult> {
  const [mark] = await db.select().from(identityMarks).where(and(eq(identityMarks.verificationId, q.verificationId), eq(identityMarks.orgId, q.orgId)));
  if (q.face && !mark?.embedding) return { ok: false, code: 'no_face_stored' };
  if (q.document && !mark?.documentDigest) return { ok: false, code: 'no_document_stored' };
  const base = { orgId: q.orgId, list: 'block' as const, verificationId: q.verificationId, reason: q.reason, createdBy: q.by, createdAt: q.now };
  const values = [
    ...(q.face ? [{ ...base, id: newEntryId(), target: 'face' as const, embedding: mark!.embedding }] : []),
    ...(q.document ? [{ ...base, id: newEntryId(), target: 'document' as const, documentDigest: mark!.documentDigest }] : []),
  ];
  return { ok: true, entries: await db.insert(riskListEntries).values(values).returning() };
}

export async function allowPair(db: DbOrTx, q: { orgId: string; a: VerificationId; b: VerificationId; reason: string; by: string; now: Date }): Promise<EntryRow> {
  const [row] = await db.insert(riskListEntries).values({
    id: newEntryId(), orgId: q.orgId, list: 'allow', target: 'pair', verificationId: q.a, otherVerificationId: q.b, reason: q.reason, createdBy: q.by, createdAt: q.now,
  }).returning();
  return row!;
}

/** Active entries of the organisation, newest first (at most 500). */
export async function listRiskEntries(db: DbOrTx, orgId: string, q: { list?: 'block' | 'allow'; verificationId?: VerificationId } = {}): Promise<EntryRow[]> {
  const where: SQL[] = [eq(riskListEntries.orgId, orgId), isNull(riskListEntries.removedAt)];
  if (q.list) where.push(eq(riskListEntries.list, q.list));
  if (q.verificationId) where.push(or(eq(riskListEntries.verificationId, q.verificationId), eq(riskListEntries.otherVerificationId, q.verificationId))!);
  return db.select().from(riskListEntries).where(and(...where)).orderBy(desc(riskListEntries.createdAt), desc(riskListEntries.id)).limit(500);
}

/** Stamps removedAt (the entry stays for the audit trail); null when not an active entry of the org. */
export async function removeRiskEntry(db: DbOrTx, orgId: string, id: string, by: string, now: Date): Promise<EntryRow | null> {
  const [row] = await db.update(riskListEntries).set({ removedAt: now, removedBy: by })
    .where(and(eq(riskListEntries.id, id), eq(riskListEntries.orgId, orgId), isNull(riskListEntries.removedAt))).returning();
  return row ?? null;
}
