import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Factor } from '../../../contract/accounts-second-factor';
import type { DbOrTx } from '../../db/types';
import { memberFactors, memberRecoveryCodes } from '../../db/schema';

export type FactorRow = typeof memberFactors.$inferSelect;

/** As pages show it: never the sealed secret or the public key. */
export const toFactor = (r: FactorRow): Factor => ({
  id: r.id, kind: r.kind, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export const newFactorId = () => `fac_${randomBytes(8).toString('hex')}`;

/** Confirmed factors only: an unfinished TOTP enrolment is not a factor. */
export async function listFactors(db: DbOrTx, memberId: string): Promise<FactorRow[]> {
  return db.select().from(memberFactors)
    .where(and(eq(memberFactors.memberId, memberId), isNotNull(memberFactors.confirmedAt))).orderBy(asc(memberFactors.createdAt), asc(memberFactors.id));
}

export async function hasSecondFactor(db: DbOrTx, memberId: string): Promise<boolean> {
  const [row] = await db.select({ id: memberFactors.id }).from(memberFactors)
    .where(and(eq(memberFactors.memberId, memberId), isNotNull(memberFactors.confirmedAt))).limit(1);
  return Boolean(row);
}

export async function getFactor(db: DbOrTx, memberId: string, id: string): Promise<FactorRow | null> {
  const [row] = await db.select().from(memberFactors).where(and(eq(memberFactors.memberId, memberId), eq(memberFactors.id, id))).limit(1);
  return row ?? null;
}

export async function insertFactor(db: DbOrTx, row: typeof memberFactors.$inferInsert): Promise<FactorRow> {
  const [made] = await db.insert(memberFactors).values(row).returning();
  return made!;
}

/** An unconfirmed TOTP enrolment the member started (at most one is kept). */
export async function pendingTotp(db: DbOrTx, memberId: string): Promise<FactorRow | null> {
  const [row] = await db.select().from(memberFactors)
    .where(and(eq(memberFactors.memberId, memberId), eq(memberFactors.kind, 'totp'), isNull(memberFactors.confirmedAt))).limit(1);
  return row ?? null;
}

export async function deleteFactor(db: DbOrTx, id: string): Promise<void> {
  await db.delete(memberFactors).where(eq(memberFactors.id, id));
}

/** Every factor and recovery code of a member (the operator's reset, a removed last factor). */
export async function deleteAllFactors(db: DbOrTx, memberId: string): Promise<number> {
  const gone = await db.delete(memberFactors).where(eq(memberFactors.memberId, memberId)).returning({ id: memberFactors.id });
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
  return gone.filter(Boolean).length;
}
