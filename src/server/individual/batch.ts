import { and, isNull, sql } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { AppContext } from '../context';
import { verifications } from '../db/schema';
import { createBatcher } from '../lib/batcher';
import { individualRecordColumns, type RecordSource } from './record';

/**
 * The two benchmarked customer calls, create and fetch-one, batched across concurrent requests
 * (see lib/batcher.ts). Each batch is one statement with array parameters, the same text for
 * any batch size, so it is parsed once per connection; results are exact per caller (scope by
 * key, deleted rows excluded), never cached.
 */
export type FoundVerification = RecordSource & { apiKeyId: string; companyVerificationId: string | null };

export interface NewIndividual {
  id: VerificationId;
  apiKeyId: string;
  status: string;
  statusCode: number;
  vendorData: string;
  userMeta: Record<string, unknown>;
  verificationMethod: string;
  redirect: string | null;
  expiresAt: Date;
  createdAt: Date;
}

const MAX_BATCH = 100;

export function createIndividualBatches(ctx: Pick<AppContext, 'db' | 'dbKind'>) {
  // PGlite has one connection: a second batch in flight would only wait for the first.
  const opts = { maxBatch: MAX_BATCH, maxConcurrent: ctx.dbKind === 'pglite' ? 1 : 4 };

  const findMany = async (inputs: { id: VerificationId; apiKeyId: string }[]): Promise<(FoundVerification | null)[]> => {
    const ids = [...new Set(inputs.map((i) => i.id))];
    const rows = await ctx.db.select({
      ...individualRecordColumns, apiKeyId: verifications.apiKeyId, companyVerificationId: verifications.companyVerificationId,
    }).from(verifications)
      .where(and(sql`${verifications.id} = any(${sql.param(ids)}::text[])`, isNull(verifications.deletedAt)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Another key's record reads as unknown.
    return inputs.map((i) => {
      const row = byId.get(i.id);
      return row && row.apiKeyId === i.apiKeyId ? row : null;
    });
  };

  const insertRows = (rows: NewIndividual[]) => {
    const col = <T>(f: (r: NewIndividual) => T) => sql.param(rows.map(f));
    return ctx.db.execute(sql`insert into ${verifications}
      (id, api_key_id, status, status_code, vendor_data, user_meta, verification_method, redirect, expires_at, created_at, updated_at)
      select i, k, s, sc, vd, um, vm, r, e, c, c from unnest(
        ${col((r) => r.id)}::text[], ${col((r) => r.apiKeyId)}::text[], ${col((r) => r.status)}::text[],
        ${col((r) => r.statusCode)}::int[], ${col((r) => r.vendorData)}::text[], ${col((r) => JSON.stringify(r.userMeta))}::jsonb[],
        ${col((r) => r.verificationMethod)}::text[], ${col((r) => r.redirect)}::text[],
        ${col((r) => r.expiresAt.toISOString())}::timestamptz[], ${col((r) => r.createdAt.toISOString())}::timestamptz[]
      ) as t(i, k, s, sc, vd, um, vm, r, e, c)`);
  };
  /** One statement for the batch; if it fails, each row alone, so one bad row fails alone. */
  const insertMany = async (rows: NewIndividual[]): Promise<(Error | null)[]> => {
    try {
      await insertRows(rows);
      return rows.map(() => null);
    } catch (err) {
      if (rows.length === 1) return [err instanceof Error ? err : new Error(String(err))];
      const settled = await Promise.allSettled(rows.map((r) => insertRows([r])));
      return settled.map((s) => (s.status === 'fulfilled' ? null : s.reason instanceof Error ? s.reason : new Error(String(s.reason))));
    }
  };

  const find = createBatcher(findMany, opts);
  const insert = createBatcher(insertMany, opts);
  return {
    /** The key's not-deleted verification (expiry not applied), or null. */
    find: (id: VerificationId, apiKeyId: string) => find({ id, apiKeyId }),
    async insert(row: NewIndividual): Promise<void> {
      const err = await insert(row);
      if (err) throw err;
    },
  };
}
