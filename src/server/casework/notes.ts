import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { CaseNote, CaseRef } from '../../contract/casework';
import type { DbOrTx } from '../db/types';
import { caseNotes } from '../db/schema';

/**
 * Adds a reviewer's note. Notes are append-only (a correction is a new note), so the list is
 * its own record of who wrote what when; the audit log records that one was added.
 */
export async function addNote(db: DbOrTx, orgId: string, ref: CaseRef, author: { id: string; email: string }, body: string, now: Date): Promise<CaseNote> {
  const id = `note_${randomBytes(16).toString('hex')}`;
  await db.insert(caseNotes).values({ id, orgId, family: ref.family, caseId: ref.id, memberId: author.id, authorEmail: author.email, body, createdAt: now });
  return { id, authorEmail: author.email, body, createdAt: now.toISOString() };
}

/** A case's notes, oldest first (read as a conversation). */
export async function notesOf(db: DbOrTx, orgId: string, ref: CaseRef): Promise<CaseNote[]> {
  const rows = await db.select().from(caseNotes)
    .where(and(eq(caseNotes.orgId, orgId), eq(caseNotes.family, ref.family), eq(caseNotes.caseId, ref.id)))
    .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id));
  return rows.map((r) => ({ id: r.id, authorEmail: r.authorEmail, body: r.body, createdAt: r.createdAt.toISOString() }));
}

/** Notes may hold personal data: they go when the case's personal data goes (redaction, deletion). */
export async function eraseNotes(db: DbOrTx, ref: CaseRef): Promise<void> {
  await db.delete(caseNotes).where(and(eq(caseNotes.family, ref.family), eq(caseNotes.caseId, ref.id)));
}
