import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { brandingSchema, type AdminKey, type Branding } from '../../contract/admin';
import type { DbOrTx } from '../db/types';
import { apiKeys } from '../db/schema';
import { isLanguage, type Language } from '../../contract/languages';
import type { ApiKeyRow } from './api-keys';
import { effectiveRiskRules, riskActionSchema, riskSignalSchema, type RiskRules } from '../../contract/risk-rules';

/** Parsed PATCH: absent = unchanged, null = cleared (branding fields merge one by one). */
export interface KeyPatch {
  name?: string | null;
  eventsUrl?: string | null;
  decisionUrl?: string | null;
  origins?: string[] | null;
  branding?: { [K in keyof Branding]?: Branding[K] | null } | null;
  selfieUpload?: boolean;
  decisions?: 'auto' | 'review';
  retentionDays?: number | null;
  livenessMaxRounds?: number | null;
  defaultLanguage?: Language | null;
  riskRules?: RiskRules | null;
  minimumAge?: number | null;
  embeddingRetentionDays?: number | null;
  reviewSlaHours?: number | null;
  amlMonitoring?: boolean;
}

/** Stored branding is jsonb; anything unexpected in it is dropped rather than shown. */
function storedBranding(raw: unknown): Branding {
  const parsed = brandingSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** Stored overrides (jsonb); anything no longer a known signal or action is dropped. */
export function storedRiskRules(raw: unknown): RiskRules {
  const out: RiskRules = {};
  for (const [k, v] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const signal = riskSignalSchema.safeParse(k);
    const action = riskActionSchema.safeParse(v);
    if (signal.success && action.success) out[signal.data] = action.data;
  }
  return out;
}

/** Every signal's action for this key, defaults filled in. */
export const keyRiskRules = (row: Pick<ApiKeyRow, 'riskRules'>) => effectiveRiskRules(storedRiskRules(row.riskRules));

/** The key's default language; a value no longer supported reads as none. */
export function keyLanguage(row: Pick<ApiKeyRow, 'defaultLanguage'>): Language | null {
  return isLanguage(row.defaultLanguage) ? row.defaultLanguage : null;
}

/** The admin view of a key: everything but the key (only its hint). */
export function toAdminKey(row: ApiKeyRow): AdminKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    hint: row.hint,
    eventsUrl: row.eventsUrl,
    decisionUrl: row.decisionUrl,
    origins: row.origins,
    branding: storedBranding(row.branding),
    selfieUpload: row.selfieUpload,
    decisions: row.decisions,
    retentionDays: row.retentionDays,
    livenessMaxRounds: row.livenessMaxRounds ?? null,
    defaultLanguage: keyLanguage(row),
    riskRules: keyRiskRules(row),
    minimumAge: row.minimumAge,
    embeddingRetentionDays: row.embeddingRetentionDays,
    reviewSlaHours: row.reviewSlaHours,
    amlMonitoring: row.amlMonitoring,
    orgId: row.orgId,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Newest first, revoked ones included (the view says so). */
export async function listApiKeys(db: DbOrTx): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function getApiKey(db: DbOrTx, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row ?? null;
}

export async function countApiKeys(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: count() }).from(apiKeys);
  return Number(r?.n ?? 0);
}

/** Merges a branding patch into the stored branding; a null field removes it. */
export function mergeBranding(current: Branding, patch: KeyPatch['branding']): Branding {
  if (patch === null) return {};
  if (patch === undefined) return current;
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out as Branding;
}

export type UpdateResult = { kind: 'ok'; row: ApiKeyRow } | { kind: 'not-found' } | { kind: 'revoked' };

export async function updateApiKey(db: DbOrTx, id: string, patch: KeyPatch): Promise<UpdateResult> {
  const row = await getApiKey(db, id);
  if (!row) return { kind: 'not-found' };
  if (row.revokedAt) return { kind: 'revoked' };
  const set: Partial<typeof apiKeys.$inferInsert> = {};
  if (patch.name !== undefined) set.name = patch.name ?? '';
  if (patch.eventsUrl !== undefined) set.eventsUrl = patch.eventsUrl;
  if (patch.decisionUrl !== undefined) set.decisionUrl = patch.decisionUrl;
  if (patch.origins !== undefined) set.origins = patch.origins ?? [];
  if (patch.branding !== undefined) set.branding = mergeBranding(storedBranding(row.branding), patch.branding);
  if (patch.selfieUpload !== undefined) set.selfieUpload = patch.selfieUpload;
  if (patch.decisions !== undefined) set.decisions = patch.decisions;
  if (patch.retentionDays !== undefined) set.retentionDays = patch.retentionDays;
  if (patch.livenessMaxRounds !== undefined) set.livenessMaxRounds = patch.livenessMaxRounds;
  if (patch.defaultLanguage !== undefined) set.defaultLanguage = patch.defaultLanguage;
  if (patch.riskRules !== undefined) set.riskRules = patch.riskRules === null ? {} : { ...storedRiskRules(row.riskRules), ...patch.riskRules };
  if (patch.minimumAge !== undefined) set.minimumAge = patch.minimumAge;
  if (patch.embeddingRetentionDays !== undefined) set.embeddingRetentionDays = patch.embeddingRetentionDays;
  if (patch.amlMonitoring !== undefined) set.amlMonitoring = patch.amlMonitoring;
  if (patch.reviewSlaHours !== undefined) set.reviewSlaHours = patch.reviewSlaHours;
  if (Object.keys(set).length === 0) return { kind: 'ok', row };
  const [updated] = await db.update(apiKeys).set(set).where(eq(apiKeys.id, id)).returning();
  return { kind: 'ok', row: updated! };
}

/** Sets revokedAt once; revoking again keeps the first time. Null when the key is unknown. */
export async function revokeApiKey(db: DbOrTx, id: string, now: Date): Promise<ApiKeyRow | null> {
  // Conditional update: of two concurrent revocations only the first sets the time.
  const [updated] = await db.update(apiKeys).set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning();
  return updated ?? getApiKey(db, id);
}
