import { z } from 'zod';
import type { StoredMedia } from './flow';
import type { VerificationRow } from './record';

/**
 * A test-helper forced outcome waiting for submit. Kept in the `media` jsonb under `testOutcome`
 * (no column for it; the record mapper reads only selfie/front/back, so it never leaks).
 */
const forcedOutcomeSchema = z.object({ outcome: z.enum(['successful', 'failed']), reason: z.string() });
export type ForcedOutcome = z.infer<typeof forcedOutcomeSchema>;

export function forcedOutcomeOf(row: Pick<VerificationRow, 'media'>): ForcedOutcome | null {
  const parsed = forcedOutcomeSchema.safeParse((row.media as Record<string, unknown>).testOutcome);
  return parsed.success ? parsed.data : null;
}

export function withForcedOutcome(media: StoredMedia, outcome: ForcedOutcome): StoredMedia {
  return { ...media, testOutcome: outcome } as StoredMedia;
}
