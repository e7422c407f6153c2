import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Member, MemberRole } from '../../contract/accounts';
import { isLanguage, type Language } from '../../contract/languages';
import type { DbOrTx } from '../db/types';
import { members } from '../db/schema';

export type MemberRow = typeof members.$inferSelect;

/** The member as pages and answers show it: never the password hash. */
export const toMember = (r: MemberRow): Member => ({
  id: r.id, email: r.email, role: r.role, orgId: r.orgId, active: r.passwordHash !== null, createdAt: r.createdAt.toISOString(),
  // A stored code no longer offered (a language withdrawn) reads as English, like none.
  language: r.language !== null && isLanguage(r.language) ? r.language : null,
});

/** Sets the language of a member's e-mails (their own choice on Security); the caller audits. */
export async function setMemberLanguage(db: DbOrTx, memberId: string, language: Language): Promise<MemberRow | null> {
  const [row] = await db.update(members).set({ language }).where(and(eq(members.id, memberId), isNull(members.removedAt))).returning();
  return row ?? null;
}

export type CreateMemberResult = { ok: true; row: MemberRow } | { ok: false; code: 'email_taken' };

/**
 * Adds an invitation: a member row without a password, in `input.orgId`. Only that organisation's
 * rows are consulted (a member or invitee there answers `email_taken`: the inviter's own data), so
 * an address free, invited elsewhere or another organisation's member is invited alike and the
 * answer says nothing about other customers. The address is bound to an organisation only when
 * the invitation is accepted (a password set through its link; the unique index over accepted
 * members decides). Removed members' rows stay, as history, in every organisation.
 */
export async function createMember(db: DbOrTx, input: { orgId: string; email: string; role: MemberRole; language?: string }, now: Date): Promise<CreateMemberResult> {
  // Two invitations of one address to one organisation at the same time: the second waits for the first.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`member-email:${input.orgId}:${input.email}`}))`);
  const [existing] = await db.select({ id: members.id }).from(members)
    .where(and(eq(members.orgId, input.orgId), eq(members.email, input.email), isNull(members.removedAt))).limit(1);
  if (existing) return { ok: false, code: 'email_taken' };
  const [row] = await db.insert(members).values({
    id: `mem_${randomBytes(8).toString('hex')}`, orgId: input.orgId, email: input.email, role: input.role, language: input.language ?? null, createdAt: now,
  }).returning();
  return { ok: true, row: row! };
}

/**
 * The member who holds the address: password set, not removed (at most one, by the unique index).
 * Never an invitation: several organisations may have invited the address, and none holds it.
 */
export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members)
    .where(and(eq(members.email, email), isNotNull(members.passwordHash), isNull(members.removedAt))).limit(1);
  return row ?? null;
}

// The partial unique index over accepted members (schema.ts, migration 0011).
const MEMBERS_EMAIL_INDEX = 'members_email_active';

/**
 * Whether a database error is the unique index refusing a second holder of one address (two
 * invitations of it accepted at the same time): the later acceptance is refused, not an error.
 */
export function isAddressHeldError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Object; depth++, e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (constraint === MEMBERS_EMAIL_INDEX || String(message).includes(MEMBERS_EMAIL_INDEX))) return true;
  }
  return false;
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
