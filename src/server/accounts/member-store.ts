import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Member, MemberRole } from '../../contract/accounts';
import type { DbOrTx } from '../db/types';
import { members } from '../db/schema';

export type MemberRow = typeof members.$inferSelect;

/** The member as pages and answers show it: never the password hash. */
export const toMember = (r: MemberRow): Member => ({
  id: r.id, email: r.email, role: r.role, orgId: r.orgId, active: r.passwordHash !== null, createdAt: r.createdAt.toISOString(),
});

export type CreateMemberResult = { ok: true; row: MemberRow } | { ok: false; code: 'email_taken' };

/** E-mails are unique across organisations (one person, one sign-in). Removed members free theirs. */
export async function createMember(db: DbOrTx, input: { orgId: string; email: string; role: MemberRole }, now: Date): Promise<CreateMemberResult> {
  const [existing] = await db.select().from(members).where(eq(members.email, input.email)).limit(1);
  if (existing && !existing.removedAt) return { ok: false, code: 'email_taken' };
  if (existing) await db.delete(members).where(eq(members.id, existing.id));
  const [row] = await db.insert(members).values({
    id: `mem_${randomBytes(8).toString('hex')}`, orgId: input.orgId, email: input.email, role: input.role, createdAt: now,
  }).returning();
  return { ok: true, row: row! };
}

export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(and(eq(members.email, email), isNull(members.removedAt))).limit(1);
  return row ?? null;
}

export async function getMember(db: DbOrTx, id: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(and(eq(members.id, id), isNull(members.removedAt))).limit(1);
  return row ?? null;
}

export async function listMembers(db: DbOrTx, orgId: string): Promise<MemberRow[]> {
  return db.select().from(members).where(and(eq(members.orgId, orgId), isNull(members.removedAt))).orderBy(asc(members.createdAt));
}

export async function updateMember(db: DbOrTx, id: string, set: Partial<MemberRow>): Promise<MemberRow> {
  const [row] = await db.update(members).set(set).where(eq(members.id, id)).returning();
  return row!;
}
