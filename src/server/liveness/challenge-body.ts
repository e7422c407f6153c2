// The optional body of `POST …/liveness/challenge`: why the app's judge refused the try before
// (that try is not uploaded; the reason goes into the session's trace of failed tries).
import { z } from 'zod';
import { livenessFailureSchema } from '../../contract/liveness';
import { readLimitedBody } from '../media/read-body';

export const challengeBodySchema = z.object({ previousFailure: livenessFailureSchema.optional() });

export type ChallengeBody = { ok: true; previousFailure?: string } | { ok: false; detail: string };

/** An empty body is fine (the first try, an older app); anything else must match the schema. */
export async function readChallengeBody(req: Request): Promise<ChallengeBody> {
  const read = await readLimitedBody(req, 4096);
  if (!read.ok) return read.reason === 'too_large' ? { ok: false, detail: 'The body is over 4096 bytes' } : { ok: true };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(read.bytes).toString('utf8'));
  } catch {
    return { ok: false, detail: 'The body is not JSON' };
  }
  const parsed = challengeBodySchema.safeParse(json);
  if (!parsed.success) return { ok: false, detail: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') };
  // Stored as the trace's reason, in the record's snake_case.
  return { ok: true, ...(parsed.data.previousFailure ? { previousFailure: parsed.data.previousFailure.replace(/-/g, '_') } : {}) };
}
