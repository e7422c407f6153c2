import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/dashboard';
import type { DbOrTx } from '../db/types';
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

/** An audit row as the dashboard shows it (case views and the team's activity): ISO times, no ids of ours. */
export const toAuditEntry = (r: Awaited<ReturnType<typeof listAudit>>[number]): AuditEntry => ({
  at: r.at.toISOString(), actorEmail: r.actorEmail, action: r.action, subjectId: r.subjectId, detail: r.detail,
});
