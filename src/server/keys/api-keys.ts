import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { apiKeys } from '../db/schema';
import { newApiKey, newKeyId } from '../lib/ids';
import type { Secrets } from '../lib/secrets';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface CreateKeyInput {
  mode: 'test' | 'live';
  name?: string;
  eventsUrl?: string | null;
  decisionUrl?: string | null;
  origins?: string[];
  branding?: Record<string, unknown>;
}

/** Creates a key; the plain key is returned once and never stored in clear. */
export async function createApiKey(db: DbOrTx, secrets: Secrets, input: CreateKeyInput, now: Date) {
  const apiKey = newApiKey(input.mode);
  const id = newKeyId();
  const [row] = await db.insert(apiKeys).values({
    id,
    name: input.name ?? '',
    mode: input.mode,
    lookupDigest: secrets.digest(apiKey),
    secretEnc: secrets.encrypt(apiKey),
    hint: `${apiKey.slice(0, 12)}…`,
    eventsUrl: input.eventsUrl ?? null,
    decisionUrl: input.decisionUrl ?? null,
    origins: input.origins ?? [],
    branding: input.branding ?? {},
    createdAt: now,
  }).returning();
  return { row: row!, apiKey };
}

/**
 * Finds active keys by digest with a short in-process cache. Looking up by HMAC digest means the
 * comparison happens on a fixed-length digest inside the index, not on the secret itself.
 * Revocation and updates call `invalidate()`; other processes see them within `ttlMs`.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { row: ApiKeyRow | null; at: number }>();
  constructor(private readonly db: DbOrTx, private readonly secrets: Secrets, private readonly ttlMs = 5_000) {}

  async find(apiKey: string): Promise<ApiKeyRow | null> {
    if (apiKey.length < 16 || apiKey.length > 200) return null;
    const digest = this.secrets.digest(apiKey);
    const hit = this.entries.get(digest);
    const t = Date.now();
    if (hit && t - hit.at < this.ttlMs) return hit.row;
    const [row] = await this.db.select().from(apiKeys)
      .where(and(eq(apiKeys.lookupDigest, digest), isNull(apiKeys.revokedAt))).limit(1);
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(digest, { row: row ?? null, at: t });
    return row ?? null;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
