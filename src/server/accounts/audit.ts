import { and, desc, eq, sql } from 'drizzle-orm';
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

/** A failure this long after the burst's last one starts a new Activity row. */
export const AUDIT_BURST_GAP_MS = 15 * 60_000;

/**
 * Records a repeated failure (wrong passwords, wrong codes) as one Activity row per burst, so
 * someone who can make failures cannot flood the log: the row's `detail` holds `count`, `firstAt`
 * and `lastAt`, and a failure within 15 minutes of the burst's last one is added to that row.
 */
export async function auditBurst(db: DbOrTx, actor: Actor, action: string, now: Date, subjectId: string, detail: Record<string, unknown> = {}): Promise<void> {
  const [last] = await db.select({ id: auditEvents.id, detail: auditEvents.detail }).from(auditEvents)
    .where(and(eq(auditEvents.orgId, actor.orgId), eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(1);
  const prior = (last?.detail ?? {}) as { count?: unknown; lastAt?: unknown };
  const lastAt = typeof prior.lastAt === 'string' ? Date.parse(prior.lastAt) : NaN;
  if (last && now.getTime() - lastAt <= AUDIT_BURST_GAP_MS) {
    // Counted in the statement itself, so concurrent failures are all counted.
    const set = JSON.stringify({ ...detail, lastAt: now.toISOString() });
    await db.update(auditEvents)
      .set({ detail: sql`${auditEvents.detail} || ${set}::jsonb || jsonb_build_object('count', coalesce((${auditEvents.detail}->>'count')::int, 1) + 1)` })
      .where(eq(auditEvents.id, last.id));
    return;
  }
  await audit(db, actor, action, now, subjectId, { ...detail, count: 1, firstAt: now.toISOString(), lastAt: now.toISOString() });
}
