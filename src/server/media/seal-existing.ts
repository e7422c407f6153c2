import { isSealed, seal } from './sealed-storage';
import type { MediaStorage } from './storage';

/** Written once every file is sealed: later starts skip the scan (it reads every file). */
export const SEALED_MARKER = '.sealed-v1';

/**
 * Start-up migration: every plain file (stored before encryption at rest) is sealed in place.
 * Each rewrite is atomic (the storage's temp file and rename, or an S3 put), so a crash leaves a
 * file either plain or sealed, and the next start finishes the job; the marker is written only
 * after a full pass. Answers counts, never contents.
 */
export async function sealExistingMedia(inner: MediaStorage, key: Buffer): Promise<{ sealed: number; alreadySealed: number; skipped: boolean }> {
  const counts = { sealed: 0, alreadySealed: 0, skipped: false };
  if (!inner.list) return counts;
  if (await inner.get(SEALED_MARKER)) return { ...counts, skipped: true };
  for await (const storageKey of inner.list()) {
    if (storageKey === SEALED_MARKER) continue;
    const bytes = await inner.get(storageKey);
    if (bytes === null) continue;
    if (isSealed(bytes)) {
      counts.alreadySealed += 1;
      continue;
    }
    await inner.put(storageKey, seal(key, storageKey, bytes));
    counts.sealed += 1;
  }
  await inner.put(SEALED_MARKER, Buffer.from(`sealed ${counts.sealed}, already ${counts.alreadySealed}\n`));
  return counts;
}
