import { matchSide, sideSignature, sideVerdict } from '../../vision/document/card-side';
import type { MediaStorage } from './storage';
import { lookForDocument, type DocumentLook } from './document-presence';

export interface SideComparison {
  /** -1..1, 1 the same picture (vision/document/card-side.ts). */
  similarity: number;
  /** Clearly the same side: the upload is refused (`same_side`). */
  same: boolean;
}

/**
 * Compares a document upload with the other side already stored for the session (the front
 * when a back arrives, and the other way round): a person slow to turn the card over, or any
 * client, must not send the front again as the back. Null when there is nothing to compare
 * with (no other side, its file gone, no card found in it): the upload is then judged alone.
 */
export async function compareWithOtherSide(storage: MediaStorage, otherKey: string | undefined, upload: DocumentLook): Promise<SideComparison | null> {
  if (!otherKey) return null;
  // A stored file that fails its seal is refused and logged by the storage; this upload is
  // then judged alone rather than failing for it.
  const bytes = await storage.get(otherKey).catch(() => null);
  if (!bytes) return null;
  const other = await lookForDocument(bytes);
  if (!other) return null;
  const similarity = matchSide(sideSignature(other.image, other.corners), upload.image, upload.corners);
  return { similarity, same: sideVerdict(similarity) === 'same' };
}
