import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
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
  selfieUpload?: boolean;
  decisions?: 'auto' | 'review';
  /** Days media are kept after a final state (absent: the server's default). */
  retentionDays?: number | null;
  /** Liveness capture rounds per session (absent: the default, 3). */
  livenessMaxRounds?: number | null;
  defaultLanguage?: string | null;
  /** Owning organisation (default: the default organisation). */
  orgId?: string;
  riskRules?: Record<string, string>;
  minimumAge?: number | null;
  embeddingRetentionDays?: number | null;
  reviewSlaHours?: number | null;
  amlMonitoring?: boolean;
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
    selfieUpload: input.selfieUpload ?? false,
    decisions: input.decisions ?? 'auto',
    retentionDays: input.retentionDays ?? null,
    livenessMaxRounds: input.livenessMaxRounds ?? null,
    defaultLanguage: input.defaultLanguage ?? null,
    orgId: input.orgId ?? 'org_default',
    riskRules: input.riskRules ?? {},
    minimumAge: input.minimumAge ?? null,
    embeddingRetentionDays: input.embeddingRetentionDays ?? null,
    reviewSlaHours: input.reviewSlaHours ?? null,
    amlMonitoring: input.amlMonitoring ?? false,
    createdAt: now,
  }).returning();
  return { row: row!, apiKey };
}

/**
 * Constant-time equality of the presented key and the stored one. Buffers of different lengths
 * are "not equal" without throwing; the stored key is then compared with itself so the work
 * done does not depend on where the two differ.
 */
export function keysEqual(stored: Buffer, presented: Buffer): boolean {
  const sameLength = stored.length === presented.length;
  return timingSafeEqual(stored, sameLength ? presented : stored) && sameLength;
}

interface CacheEntry {
  row: ApiKeyRow | null;
  /** The decrypted key of `row` (null when there is no row or it cannot be decrypted). */
  key: Buffer | null;
  at: number;
}

/**
 * Finds active keys with a short in-process cache. The HMAC lookup digest finds the row (the
 * index compares fixed-length digests, not the secret); then the presented key is compared
 * with the stored, decrypted one in constant time, so a match never rests on the digest alone.
 * The decrypted key is cached with the row (it is already recoverable from memory: the server
 * holds the encryption key), so a cache hit costs one HMAC and one comparison.
 * Revocation and updates call `invalidate()`; other processes see them within `ttlMs`.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, CacheEntry>();
  constructor(private readonly db: DbOrTx, private readonly secrets: Secrets, private readonly ttlMs = 5_000) {}

  async find(apiKey: string): Promise<ApiKeyRow | null> {
    if (apiKey.length < 16 || apiKey.length > 200) return null;
    const digest = this.secrets.digest(apiKey);
    const t = Date.now();
    let entry = this.entries.get(digest);
    if (!entry || t - entry.at >= this.ttlMs) entry = await this.load(digest, t);
    if (!entry.row || !entry.key) return null;
    return keysEqual(entry.key, Buffer.from(apiKey, 'utf8')) ? entry.row : null;
  }

  private async load(digest: string, at: number): Promise<CacheEntry> {
    const [row] = await this.db.select().from(apiKeys)
      .where(and(eq(apiKeys.lookupDigest, digest), isNull(apiKeys.revokedAt))).limit(1);
    let key: Buffer | null = null;
    if (row) {
      try {
        key = Buffer.from(this.secrets.decrypt(row.secretEnc), 'utf8');
      } catch {
        key = null; // sealed with another secret or damaged: it can match nothing
      }
    }
    const entry = { row: row ?? null, key, at };
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(digest, entry);
    return entry;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
