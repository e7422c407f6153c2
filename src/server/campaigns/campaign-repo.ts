import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  campaignDefinitionSchema, type CampaignDefinition, type CampaignDetail, type CampaignSummary, type CampaignView,
} from '../../contract/campaign';
import { DEFAULT_CAMPAIGN_ID } from '../../contract/company';
import type { DbOrTx } from '../db/types';
import { campaigns, campaignVersions } from '../db/schema';

export interface PublishedCampaign {
  id: string;
  name: string;
  version: number;
  definition: Record<string, unknown>;
}

type Owned = Pick<typeof campaigns.$inferSelect, 'id' | 'orgId'>;
// The default campaign is every organisation's to use, no member's to change; no `orgId`: the operator.
const visibleTo = (c: Owned, orgId?: string) => orgId === undefined || c.id === DEFAULT_CAMPAIGN_ID || c.orgId === orgId;
const changeableBy = (c: Owned, orgId?: string) => orgId === undefined || (c.id !== DEFAULT_CAMPAIGN_ID && c.orgId === orgId);

/** The latest published version; null when unknown, never published, or not visible to `orgId`. */
export async function getPublishedCampaign(db: DbOrTx, id: string, orgId?: string): Promise<PublishedCampaign | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  if (!row || row.publishedVersion == null || !visibleTo(row, orgId)) return null;
  return getCampaignVersion(db, id, row.publishedVersion, row.name);
}

/** A specific version (verifications keep the version they were created with). */
export async function getCampaignVersion(db: DbOrTx, id: string, version: number, name = ''): Promise<PublishedCampaign | null> {
  const [v] = await db.select().from(campaignVersions)
    .where(and(eq(campaignVersions.campaignId, id), eq(campaignVersions.version, version))).limit(1);
  if (!v) return null;
  return { id, name, version, definition: v.definition };
}

/**
 * A version as the flow uses it: the definition parsed through the schema, so versions stored
 * before a field existed get that field's default. Null when the version does not exist.
 */
export async function getCampaignView(db: DbOrTx, id: string, version: number): Promise<CampaignView | null> {
  const [row] = await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  const v = await getCampaignVersion(db, id, version, row?.name ?? '');
  if (!v) return null;
  return { id, name: v.name, version, definition: campaignDefinitionSchema.parse(v.definition) };
}

/** Creates the default campaign (version 1, published) if it does not exist. Idempotent. */
export async function ensureDefaultCampaign(db: DbOrTx, definition: CampaignDefinition, now: Date): Promise<void> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, DEFAULT_CAMPAIGN_ID)).limit(1);
  if (row) return;
  await db.insert(campaigns).values({ id: DEFAULT_CAMPAIGN_ID, name: 'Default', publishedVersion: 1, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  await db.insert(campaignVersions).values({ campaignId: DEFAULT_CAMPAIGN_ID, version: 1, definition, publishedAt: now, createdAt: now })
    .onConflictDoNothing();
}

type VersionRow = typeof campaignVersions.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;

function summarise(c: CampaignRow, versions: Pick<VersionRow, 'version' | 'publishedAt'>[]): CampaignSummary {
  const latest = versions.reduce((m, v) => Math.max(m, v.version), 0);
  const latestRow = versions.find((v) => v.version === latest);
  return {
    id: c.id,
    name: c.name,
    publishedVersion: c.publishedVersion,
    latestVersion: latest,
    draftVersion: latestRow && !latestRow.publishedAt ? latest : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The default campaign first, then oldest first (ids are random: their order means nothing). */
export async function listCampaigns(db: DbOrTx, orgId?: string): Promise<CampaignSummary[]> {
  const rows = await db.select().from(campaigns)
    .where(orgId === undefined ? undefined : or(eq(campaigns.orgId, orgId), eq(campaigns.id, DEFAULT_CAMPAIGN_ID)))
    .orderBy(sql`${campaigns.id} <> ${DEFAULT_CAMPAIGN_ID}`, asc(campaigns.createdAt), asc(campaigns.id));
  const versions = await db.select({ campaignId: campaignVersions.campaignId, version: campaignVersions.version, publishedAt: campaignVersions.publishedAt })
    .from(campaignVersions);
  return rows.map((c) => summarise(c, versions.filter((v) => v.campaignId === c.id)));
}

export async function getCampaignDetail(db: DbOrTx, id: string, orgId?: string): Promise<CampaignDetail | null> {
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  if (!c || !visibleTo(c, orgId)) return null;
  const versions = await db.select().from(campaignVersions).where(eq(campaignVersions.campaignId, id)).orderBy(desc(campaignVersions.version));
  return {
    ...summarise(c, versions),
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt?.toISOString() ?? null,
      createdAt: v.createdAt.toISOString(),
      definition: campaignDefinitionSchema.parse(v.definition),
    })),
  };
}

/**
 * A new campaign's id: `cmp_` and 128 random bits. Nothing of the name and no look-up of other
 * campaigns goes into it, so an id says nothing about what other organisations have named theirs.
 */
export const newCampaignId = (): string => `cmp_${randomBytes(16).toString('hex')}`;

type DraftInput = { id?: string; name: string; definition: CampaignDefinition };
type Draft = { id: string; version: number; created: boolean };

/**
 * Adds a draft version (latest + 1) to the campaign (which takes the new name); drafts are never
 * used by verifications until published. Without `id` it creates a campaign with a new random id.
 * The operator (no `orgId`) may also create one under an id of their choosing. A member (`orgId`)
 * names only a campaign their organisation may change: any other id, unknown or another
 * organisation's, is null alike, so ids in use elsewhere cannot be probed.
 */
export function createCampaignDraft(db: DbOrTx, input: DraftInput, now: Date): Promise<Draft>;
export function createCampaignDraft(db: DbOrTx, input: DraftInput, now: Date, orgId: string): Promise<Draft | null>;
export async function createCampaignDraft(db: DbOrTx, input: DraftInput, now: Date, orgId?: string): Promise<Draft | null> {
  return db.transaction(async (tx) => {
    const id = input.id ?? newCampaignId();
    const [existing] = input.id === undefined ? [] : await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update').limit(1);
    if (existing && !changeableBy(existing, orgId)) return null;
    // Only the operator creates a campaign under a chosen id; a member's unknown id is refused
    // as another organisation's is.
    if (!existing && input.id !== undefined && orgId !== undefined) return null;
    if (existing) {
      await tx.update(campaigns).set({ name: input.name, updatedAt: now }).where(eq(campaigns.id, id));
    } else {
      await tx.insert(campaigns).values({ id, ...(orgId === undefined ? {} : { orgId }), name: input.name, publishedVersion: null, createdAt: now, updatedAt: now });
    }
    const [{ max } = { max: 0 }] = await tx.select({ max: sql<number>`coalesce(max(${campaignVersions.version}), 0)::int` })
      .from(campaignVersions).where(eq(campaignVersions.campaignId, id));
    const version = Number(max) + 1;
    await tx.insert(campaignVersions).values({ campaignId: id, version, definition: input.definition, publishedAt: null, createdAt: now });
    return { id, version, created: !existing };
  });
}

export type PublishResult = { kind: 'ok'; version: number } | { kind: 'not-found' } | { kind: 'no-draft' };

/** Publishes the newest unpublished version; new verifications use it from then on. */
export async function publishLatestDraft(db: DbOrTx, id: string, now: Date, orgId?: string): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update').limit(1);
    if (!c || !changeableBy(c, orgId)) return { kind: 'not-found' } as const;
    const [draft] = await tx.select({ version: campaignVersions.version }).from(campaignVersions)
      .where(and(eq(campaignVersions.campaignId, id), isNull(campaignVersions.publishedAt)))
      .orderBy(desc(campaignVersions.version)).limit(1);
    if (!draft || (c.publishedVersion != null && draft.version < c.publishedVersion)) return { kind: 'no-draft' } as const;
    await tx.update(campaignVersions).set({ publishedAt: now })
      .where(and(eq(campaignVersions.campaignId, id), eq(campaignVersions.version, draft.version)));
    await tx.update(campaigns).set({ publishedVersion: draft.version, updatedAt: now }).where(eq(campaigns.id, id));
    return { kind: 'ok', version: draft.version } as const;
  });
}
