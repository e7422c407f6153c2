import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/types';
import { auditEvents } from '../db/schema';

/** Free-text fields a member may have typed about the person (a decline reason names them). */
const PERSONAL_FIELDS = ['reason'];

/**
 * The organisation's audit entries about a redacted case (its member log and the Activity
 * page) keep who did what and when; the free text is erased. `subjectIds`: every id the case
 * was audited under (a company's internal and public ids).
 */
export async function scrubAudit(tx: Tx, subjectIds: string[]): Promise<void> {
  const rows = await tx.select({ id: auditEvents.id, detail: auditEvents.detail }).from(auditEvents).where(inArray(auditEvents.subjectId, subjectIds));
  for (const r of rows) {
    const detail = (r.detail ?? {}) as Record<string, unknown>;
    if (!PERSONAL_FIELDS.some((f) => f in detail)) continue;
    const kept = Object.fromEntries(Object.entries(detail).filter(([k]) => !PERSONAL_FIELDS.includes(k)));
    await tx.update(auditEvents).set({ detail: { ...kept, redacted: true } }).where(eq(auditEvents.id, r.id));
  }
}
