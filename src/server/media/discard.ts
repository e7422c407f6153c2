import type { AppContext } from '../context';

/**
 * Data minimisation: removes stored media that no row references any more, e.g. the selfie a
 * retake replaced, a removed supporting document, or a new upload the database refused.
 *
 * Call it only after the transaction that dropped the reference has committed (or refused the
 * new one), with keys read under that transaction's row lock: then no committed row points at
 * them and no concurrent request can (every key is random per upload and never reused).
 * Best effort: the request already has its answer, so a failure is logged and never thrown (an
 * undeleted file is unreachable without its row; a signed URL to a deleted one answers 404).
 * The log names the subject (a row id, as other logs do), never the storage key or a path.
 */
export async function discardMedia(
  ctx: Pick<AppContext, 'storage' | 'logger'>, keys: readonly (string | null | undefined)[], subjectId: string,
): Promise<void> {
  for (const key of new Set(keys)) {
    if (!key) continue;
    try {
      await ctx.storage.delete(key);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      ctx.logger.warn('stored media not deleted', { subjectId, err: err.code ?? err.message ?? String(e) });
    }
  }
}
