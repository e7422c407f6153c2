import { eraseNotes } from '../casework/notes';
import { and, eq, isNull } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { AppContext } from '../context';
import type { Tx } from '../db/types';
import { companyVerifications, verifications } from '../db/schema';
import { livenessOfRow } from '../liveness/liveness-state';
import { discardMedia } from '../media/discard';
import { eraseEmbeddingWithMedia, forgetIdentity } from '../identity/identity-retention';

type IndividualRow = typeof verifications.$inferSelect;
type CompanyRow = typeof companyVerifications.$inferSelect;
type Obj = Record<string, unknown>;

/** Every stored file a session points at: captures and liveness evidence, its earlier tries' too (each once). */
export function individualMediaKeys(row: Pick<IndividualRow, 'media' | 'liveness'> & { earlierAttempts?: IndividualRow['earlierAttempts'] }): string[] {
  const m = row.media ?? {};
  const earlier = (row.earlierAttempts ?? []).flatMap((a) => [a.media?.selfie, a.media?.front, a.media?.back, ...(a.evidenceKeys ?? [])]);
  return [...new Set([m.selfie, m.front, m.back, ...livenessOfRow(row.liveness).evidence.map((e) => e.key), ...earlier].filter((k): k is string => Boolean(k)))];
}

/** Every stored company document. */
export function companyMediaKeys(row: Pick<CompanyRow, 'uploadedDocuments'>): string[] {
  return row.uploadedDocuments.map((d) => (d as Obj).key).filter((k): k is string => typeof k === 'string' && k !== '');
}

/**
 * Inside the caller's transaction (row locked): drops the session's media references and stamps
 * mediaErasedAt; answers the keys to delete once the transaction has committed.
 */
export async function clearIndividualMedia(tx: Tx, id: VerificationId, now: Date): Promise<string[] | null> {
  const [row] = await tx.select().from(verifications).where(eq(verifications.id, id)).for('update');
  // A deleted session's repeat-identity mark and reviewers' notes go with it; otherwise its embedding follows the media.
  if (row?.deletedAt) { await forgetIdentity(tx, id); await eraseNotes(tx, { family: 'individual', id }); }
  else if (row && !row.mediaErasedAt) await eraseEmbeddingWithMedia(tx, id, now);
  // Already erased (another process's sweep got there first) or gone: nothing to do.
  if (!row || row.mediaErasedAt) return null;
  const keys = individualMediaKeys(row);
  const liveness = row.liveness ? { ...livenessOfRow(row.liveness), evidence: [] } : null;
  // Earlier tries keep when and why they were sent back, not their files.
  const earlierAttempts = (row.earlierAttempts ?? []).map((a) => ({ ...a, media: {}, evidenceKeys: [] }));
  await tx.update(verifications).set({ media: {}, liveness, earlierAttempts, mediaErasedAt: now }).where(eq(verifications.id, id));
  return keys;
}

/** The company's documents (metadata kept, files gone) and its representative's liveness sessions. */
export async function clearCompanyMedia(tx: Tx, id: string, now: Date): Promise<string[] | null> {
  const [row] = await tx.select().from(companyVerifications).where(eq(companyVerifications.id, id)).for('update');
  if (!row || row.mediaErasedAt) return null;
  const keys = companyMediaKeys(row);
  const documents = row.uploadedDocuments.map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'key')));
  await tx.update(companyVerifications).set({ uploadedDocuments: documents, mediaErasedAt: now }).where(eq(companyVerifications.id, id));
  const sessions = await tx.select({ id: verifications.id }).from(verifications)
    .where(and(eq(verifications.companyVerificationId, id), isNull(verifications.mediaErasedAt)));
  for (const s of sessions) keys.push(...(await clearIndividualMedia(tx, s.id, now) ?? []));
  return keys;
}

/** What eraseMedia erases: a session (by its VerificationId) or a company (by its internal id). */
type EraseSubject = ['individual', VerificationId] | ['company', string];

/**
 * Erases one session's or company's media now: references dropped in a transaction, then the
 * files. Null when it was already erased (by another process, say): erasure happens once.
 */
export async function eraseMedia(ctx: Pick<AppContext, 'db' | 'storage' | 'logger' | 'clock'>, ...[family, id]: EraseSubject): Promise<{ files: number } | null> {
  const now = ctx.clock.now();
  const keys = await ctx.db.transaction((tx) => (family === 'individual' ? clearIndividualMedia(tx, id, now) : clearCompanyMedia(tx, id, now)));
  if (keys === null) return null;
  await discardMedia(ctx, keys, id);
  return { files: keys.length };
}
