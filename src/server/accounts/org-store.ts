import { randomBytes } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Org } from '../../contract/accounts';
import type { DbOrTx } from '../db/types';
import { organisations } from '../db/schema';

/** Keys made without an organisation, and every key from before organisations existed, belong here. */
export const DEFAULT_ORG_ID = 'org_default';

export type OrgRow = typeof organisations.$inferSelect;
export const toOrg = (r: OrgRow): Org => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString() });

export async function createOrg(db: DbOrTx, name: string, now: Date): Promise<OrgRow> {
  const [row] = await db.insert(organisations).values({ id: `org_${randomBytes(8).toString('hex')}`, name, createdAt: now }).returning();
  return row!;
}

export async function listOrgs(db: DbOrTx): Promise<OrgRow[]> {
  // The default organisation first, then by creation.
  return db.select().from(organisations).orderBy(desc(sql`${organisations.id} = ${DEFAULT_ORG_ID}`), asc(organisations.createdAt), asc(organisations.id));
}

export async function getOrg(db: DbOrTx, id: string): Promise<OrgRow | null> {
  if (id.length > 64) return null;
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ?? null;
}
