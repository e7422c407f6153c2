import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { apiKeys, companyVerifications, verifications } from '../db/schema';
import { eraseMedia } from './erase-media';
import { sweepKeptEmbeddings } from '../identity/identity-retention';

/**
 * Which media are due for erasure (the retention policy, docs/operations.md, "Retention and redaction"):
 * - at once: deleted by the customer, or its link expired (unused or unfinished);
 * - N days after a final state (successful, failed, cancelled), N the key's `retentionDays`
 *   or the server's MEDIA_RETENTION_DAYS; the clock starts at the decision (else the last change).
 * Representative liveness sessions go with their company.
 */
function dueAfter(table: typeof verifications | typeof companyVerifications, finals: string[], days: number, now: Date) {
  const since = sql`coalesce(${table.decidedAt}, ${table.updatedAt})`;
  return or(
    isNotNull(table.deletedAt),
    eq(table.status, 'abandoned'),
    // An individual link that expired before it was started ends `cancelled` with decision `expired`.
    ...(table === verifications ? [eq(verifications.decision, 'expired')] : []),
    and(inArray(table.status, finals), sql`${since} + (coalesce(${apiKeys.retentionDays}, ${days}) * interval '1 day') <= ${now.toISOString()}::timestamptz`),
  );
}

export interface RetentionResult { sessions: number; companies: number; files: number }

/** One pass, in batches: each due row's references dropped in a transaction, then its files. */
export async function eraseDueMedia(ctx: Pick<AppContext, 'db' | 'storage' | 'logger' | 'clock' | 'settings'>, batch = 200): Promise<RetentionResult> {
  const result: RetentionResult = { sessions: 0, companies: 0, files: 0 };
  const days = ctx.settings.mediaRetentionDays;
  for (;;) {
    const now = ctx.clock.now();
    const rows = await ctx.db.select({ id: verifications.id }).from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId))
      .where(and(isNull(verifications.mediaErasedAt), isNull(verifications.companyVerificationId), dueAfter(verifications, ['successful', 'failed', 'cancelled'], days, now)))
      .limit(batch);
    for (const r of rows) {
      const erased = await eraseMedia(ctx, 'individual', r.id);
      if (erased) { result.sessions += 1; result.files += erased.files; }
    }
    if (rows.length < batch) break;
  }
  for (;;) {
    const now = ctx.clock.now();
    const rows = await ctx.db.select({ id: companyVerifications.id }).from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
      .where(and(isNull(companyVerifications.mediaErasedAt), dueAfter(companyVerifications, ['successful', 'failed'], days, now)))
      .limit(batch);
    for (const r of rows) {
      const erased = await eraseMedia(ctx, 'company', r.id);
      if (erased) { result.companies += 1; result.files += erased.files; }
    }
    if (rows.length < batch) break;
  }
  // Embeddings a key kept past their media (for repeat detection only), now past that keep too.
  await sweepKeptEmbeddings(ctx.db, ctx.clock.now());
  return result;
}
