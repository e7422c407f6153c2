import { and, eq } from 'drizzle-orm';
import { DEFAULT_CAMPAIGN_ID } from '../../contract/company';
import type { DbOrTx } from '../db/client';
import { campaigns, campaignVersions } from '../db/schema';

export interface PublishedCampaign {
  id: string;
  name: string;
  version: number;
  definition: Record<string, unknown>;
}

/** The campaign's latest published version, or null when unknown or never published. */
export async function getPublishedCampaign(db: DbOrTx, id: string): Promise<PublishedCampaign | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  if (!row || row.publishedVersion == null) return null;
  return getCampaignVersion(db, id, row.publishedVersion, row.name);
}

/** A specific version (verifications keep the version they were created with). */
export async function getCampaignVersion(db: DbOrTx, id: string, version: number, name = ''): Promise<PublishedCampaign | null> {
  const [v] = await db.select().from(campaignVersions)
    .where(and(eq(campaignVersions.campaignId, id), eq(campaignVersions.version, version))).limit(1);
  if (!v) return null;
  return { id, name, version, definition: v.definition };
}

/** Creates the default campaign (version 1, published) if it does not exist. Idempotent. */
export async function ensureDefaultCampaign(db: DbOrTx, definition: Record<string, unknown>, now: Date): Promise<void> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, DEFAULT_CAMPAIGN_ID)).limit(1);
  if (row) return;
  await db.insert(campaigns).values({ id: DEFAULT_CAMPAIGN_ID, name: 'Default', publishedVersion: 1, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  await db.insert(campaignVersions).values({ campaignId: DEFAULT_CAMPAIGN_ID, version: 1, definition, publishedAt: now, createdAt: now })
    .onConflictDoNothing();
}
