import { isSealed, seal } from './sealed-storage';
import type { MediaStorage } from './storage';

/**
 * Start-up migration: every plain file (stored before encryption at rest) is sealed in place.
 * Each rewrite is atomic (the storage's temp file and rename), so a crash leaves a file either
 * plain or sealed, and the next start finishes the job. Answers counts, never contents.
 */
export async function sealExistingMedia(inner: MediaStorage, key: Buffer): Promise<{ sealed: number; alreadySealed: number }> {
  const counts = { sealed: 0, alreadySealed: 0 };
  if (!inner.list) return counts;
  for await (const storageKey of inner.list()) {
    const bytes = await inner.get(storageKey);
    if (bytes === null) continue;
    if (isSealed(bytes)) {
      counts.alreadySealed += 1;
      continue;
    }
    await inner.put(storageKey, seal(key, storageKey, bytes));
    counts.sealed += 1;
  }
  return counts;
}
