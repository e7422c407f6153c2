import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { DbOrTx } from '../db/types';
import { identityMarks, verifications } from '../db/schema';

/**
 * The embedding follows the media: erased with them, unless the key keeps image-free
 * embeddings longer for repeat detection (`embeddingKeepUntil` still ahead). The document and
 * name digests stay with the session's record until it is redacted or deleted.
 */
export async function eraseEmbeddingWithMedia(db: DbOrTx, verificationId: VerificationId, now: Date): Promise<void> {
  await db.update(identityMarks).set({ embedding: null })
    .where(and(eq(identityMarks.verificationId, verificationId), or(isNull(identityMarks.embeddingKeepUntil), lte(identityMarks.embeddingKeepUntil, now))));
}

/** A redacted or deleted session leaves nothing to match: its mark goes entirely. */
export async function forgetIdentity(db: DbOrTx, verificationId: VerificationId): Promise<void> {
  await db.delete(identityMarks).where(eq(identityMarks.verificationId, verificationId));
}

/** Sweep: embeddings kept past their media whose longer keep has run out. Answers how many. */
export async function sweepKeptEmbeddings(db: DbOrTx, now: Date): Promise<number> {
  const erasedMedia = db.select({ id: verifications.id }).from(verifications).where(isNotNull(verifications.mediaErasedAt));
  const rows = await db.update(identityMarks).set({ embedding: null })
    .where(and(isNotNull(identityMarks.embedding), lte(identityMarks.embeddingKeepUntil, now), inArray(identityMarks.verificationId, erasedMedia)))
    .returning({ id: identityMarks.verificationId });
  return rows.length;
}

/** `now + days`, the keep of a key's embeddings (null: erased with the media). */
export const keepUntilOf = (days: number | null | undefined, now: Date): Date | null => (days == null ? null : new Date(now.getTime() + days * 86_400_000));

