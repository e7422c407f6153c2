import { and, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';
import { flowSessions } from '../db/schema';

/**
 * How long a session's own overview row is kept (days). It only exists so each milestone counts
 * once; the daily counters are the overview. Links close after 7 days, so by then a session has
 * nearly always ended; a decision landing later than this is not counted (docs/dashboard.md).
 */
export const FLOW_SESSION_RETENTION_DAYS = 90;

/** Deletes up to `batch` session rows older than the retention; answers how many. The counters stay. */
export async function pruneFlowSessions(db: DbOrTx, now: Date, batch: number): Promise<number> {
  const old = lt(flowSessions.createdAt, new Date(now.getTime() - FLOW_SESSION_RETENTION_DAYS * 86_400_000));
  const due = db.select({ id: flowSessions.sessionId }).from(flowSessions).where(old).limit(batch);
  const rows = await db.delete(flowSessions).where(and(old, inArray(flowSessions.sessionId, due))).returning({ id: flowSessions.sessionId });
  return rows.length;
}
