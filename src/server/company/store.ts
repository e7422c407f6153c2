import { and, eq, isNull, or } from 'drizzle-orm';
import type { CampaignView } from '../../contract/campaign';
import type { DbOrTx, Tx } from '../db/types';
import { apiKeys, companyVerifications } from '../db/schema';
import { getCampaignView } from '../campaigns/campaign-repo';
import { observeCompanyStatus } from './flow-analytics';

/** Same type as company-record.ts's CompanyRow (both are the table's row). */
export type CompanyRow = typeof companyVerifications.$inferSelect;

/** A live (not deleted) company verification by internal id (the hosted processId). */
export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companyVerifications)
    .where(and(eq(companyVerifications.id, id), isNull(companyVerifications.deletedAt))).limit(1);
  return row ?? null;
}

/**
 * By internal id or public id (`cv_…`), optionally within one API key: operators and customers
 * know either (the internal one arrives in webhooks as companyVerificationId).
 */
export async function findCompanyByAnyId(db: DbOrTx, id: string, apiKeyId?: string): Promise<CompanyRow | null> {
  const conds = [or(eq(companyVerifications.id, id), eq(companyVerifications.publicId, id))!, isNull(companyVerifications.deletedAt)];
  if (apiKeyId) conds.push(eq(companyVerifications.apiKeyId, apiKeyId));
  const [row] = await db.select().from(companyVerifications).where(and(...conds)).limit(1);
  return row ?? null;
}

/** Locks the row for the rest of the transaction: read-modify-write of the jsonb columns is safe. */
export async function lockCompany(tx: Tx, id: string): Promise<CompanyRow | null> {
  const [row] = await tx.select().from(companyVerifications)
    .where(and(eq(companyVerifications.id, id), isNull(companyVerifications.deletedAt))).for('update').limit(1);
  return row ?? null;
}

/** The campaign version the verification was created with (a missing version is a data error). */
export async function campaignOf(db: DbOrTx, row: Pick<CompanyRow, 'campaignId' | 'campaignVersion'>): Promise<CampaignView> {
  const view = await getCampaignView(db, row.campaignId, row.campaignVersion);
  if (!view) throw new Error(`campaign ${row.campaignId} v${row.campaignVersion} is missing`);
  return view;
}

export async function keyOf(db: DbOrTx, apiKeyId: string) {
  const [key] = await db.select({ id: apiKeys.id, mode: apiKeys.mode, branding: apiKeys.branding, eventsUrl: apiKeys.eventsUrl, selfieUpload: apiKeys.selfieUpload, orgId: apiKeys.orgId, defaultLanguage: apiKeys.defaultLanguage, livenessMaxRounds: apiKeys.livenessMaxRounds, amlMonitoring: apiKeys.amlMonitoring })
    .from(apiKeys).where(eq(apiKeys.id, apiKeyId)).limit(1);
  if (!key) throw new Error(`api key ${apiKeyId} is missing`);
  return key;
}

export type CompanyPatch = Partial<Omit<typeof companyVerifications.$inferInsert, 'id'>>;

export async function updateCompany(tx: DbOrTx, id: string, patch: CompanyPatch): Promise<CompanyRow> {
  const [row] = await tx.update(companyVerifications).set(patch).where(eq(companyVerifications.id, id)).returning();
  if (!row) throw new Error(`company ${id} vanished`);
  // Every status write passes here: the overview counts the stage or outcome it reached.
  if (patch.status !== undefined) await observeCompanyStatus(tx, row, patch);
  return row;
}
