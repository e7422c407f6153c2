import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditEvents } from '../db/schema';

export interface Actor { orgId: string; memberId: string | null; email: string }

/** Records a member action (never a secret: `detail` holds ids, roles, reasons). */
export async function audit(db: DbOrTx, actor: Actor, action: string, now: Date, subjectId: string | null = null, detail: Record<string, unknown> = {}): Promise<void> {
  await db.insert(auditEvents).values({ orgId: actor.orgId, memberId: actor.memberId, actorEmail: actor.email, action, subjectId, detail, at: now });
}

export async function listAudit(db: DbOrTx, orgId: string, opts: { subjectId?: string; limit?: number } = {}) {
  return db.select().from(auditEvents)
    .where(opts.subjectId ? and(eq(auditEvents.orgId, orgId), eq(auditEvents.subjectId, opts.subjectId)) : eq(auditEvents.orgId, orgId))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(opts.limit ?? 100);
}
