import { and, eq, sql } from 'drizzle-orm';
import type { FlowFamily, OutcomeKind } from '../../contract/overview';
import type { DbOrTx } from '../db/types';
import { apiKeys, flowDaily, flowDailyDevices, flowSessions } from '../db/schema';
import { bucketOf } from './time-buckets';
import { deviceAndBrowser } from './user-agent';
import { reasonCategories } from './reason-category';

/** The session a milestone belongs to, as the product wing names it. */
export interface FlowSubject {
  family: FlowFamily;
  sessionId: string;
  apiKeyId: string;
  /** INDIVIDUAL_FLOW_VERSION, or the company's `campaignId:version`. */
  flowVersion: string;
}

type SessionRow = typeof flowSessions.$inferSelect;

const OUTCOME_PREFIX = 'outcome:';

/**
 * The link was opened in a browser: the session joins the overview, on today's cohort (its
 * day), with the device class and browser family of its User-Agent. Later openings only count
 * as tries of `opened`. A session never opened through the hosted flow (API-collected captures)
 * stays out of the overview, so its funnel always starts with the people who saw the flow.
 */
export async function recordOpened(tx: DbOrTx, subject: FlowSubject, userAgent: string | undefined, at: Date): Promise<void> {
  const { device, browser } = deviceAndBrowser(userAgent);
  const [key] = await tx.select({ orgId: apiKeys.orgId }).from(apiKeys).where(eq(apiKeys.id, subject.apiKeyId)).limit(1);
  if (!key) return;
  const inserted = await tx.insert(flowSessions).values({
    family: subject.family, sessionId: subject.sessionId, orgId: key.orgId, apiKeyId: subject.apiKeyId,
    flowVersion: subject.flowVersion, device, browser, day: dayOf(at),
    milestones: { opened: { at: at.toISOString(), tries: 1 } }, createdAt: at,
  }).onConflictDoNothing().returning();
  if (inserted[0]) {
    await count(tx, inserted[0], [['reached', 'opened']]);
    return;
  }
  await recordMilestone(tx, subject, 'opened', at);
}

/**
 * A session reached a step (or tried it again): the first reach counts the step as reached on
 * the session's cohort day, with the time since the milestone before it; the second try counts
 * the session as retried at that step. Atomic per statement, so two tabs cannot count twice.
 * Unknown sessions (never opened in the hosted flow) are ignored. `tries: false`: a step whose
 * repeats are not retries (a form section saved again) counts its first reach only.
 */
export async function recordMilestone(tx: DbOrTx, subject: FlowSubject, milestone: string, at: Date, opts: { tries?: boolean } = {}): Promise<void> {
  const where = and(eq(flowSessions.family, subject.family), eq(flowSessions.sessionId, subject.sessionId));
  const first = await tx.update(flowSessions)
    .set({ milestones: sql`${flowSessions.milestones} || jsonb_build_object(${milestone}::text, jsonb_build_object('at', ${at.toISOString()}::text, 'tries', 1))` })
    .where(and(where, sql`NOT jsonb_exists(${flowSessions.milestones}, ${milestone}::text)`))
    .returning();
  const row = first[0];
  if (row) {
    const counters: [string, string][] = [['reached', milestone]];
    const since = previousAt(row, milestone, at);
    if (since !== null && milestone !== 'opened' && !milestone.startsWith(OUTCOME_PREFIX)) {
      counters.push(['time', `${milestone}:${bucketOf(since)}`]);
    }
    await count(tx, row, counters);
    return;
  }
  if (opts.tries === false) return;
  const again = await tx.update(flowSessions)
    .set({ milestones: sql`jsonb_set(${flowSessions.milestones}, ARRAY[${milestone}::text, 'tries'], to_jsonb(COALESCE((${flowSessions.milestones} -> ${milestone}::text ->> 'tries')::int, 1) + 1))` })
    .where(and(where, sql`jsonb_exists(${flowSessions.milestones}, ${milestone}::text)`))
    .returning();
  const tried = again[0];
  if (tried && tried.milestones[milestone]?.tries === 2) await count(tx, tried, [['retried', milestone]]);
}

/**
 * Where a session ended or passed (approved, declined, sent to a specialist, asked for new photos,
 * abandoned, cancelled), once per kind, with its reasons as codes (callers pass the decision's
 * reason text; reasonCategories keeps no word of it that is not an automatic check's). Approved and declined also
 * reach the funnel's last stage, `decided`.
 */
export async function recordOutcome(tx: DbOrTx, subject: FlowSubject, outcome: OutcomeKind, reason: string, at: Date): Promise<void> {
  const where = and(eq(flowSessions.family, subject.family), eq(flowSessions.sessionId, subject.sessionId));
  const mark = `${OUTCOME_PREFIX}${outcome}`;
  const [row] = await tx.update(flowSessions)
    .set({ milestones: sql`${flowSessions.milestones} || jsonb_build_object(${mark}::text, jsonb_build_object('at', ${at.toISOString()}::text, 'tries', 1))` })
    .where(and(where, sql`NOT jsonb_exists(${flowSessions.milestones}, ${mark}::text)`))
    .returning();
  if (!row) return;
  const counters: [string, string][] = [['outcome', outcome]];
  for (const code of reasonCategories(reason)) counters.push(['reason', `${outcome}:${code}`]);
  await count(tx, row, counters);
  if (outcome === 'approved' || outcome === 'declined') await recordMilestone(tx, subject, 'decided', at);
}

/** The latest milestone reached before this one (seconds since), outcomes and `opened` tries aside. */
function previousAt(row: SessionRow, milestone: string, at: Date): number | null {
  let latest = -Infinity;
  for (const [name, value] of Object.entries(row.milestones)) {
    if (name === milestone || name.startsWith(OUTCOME_PREFIX)) continue;
    const t = Date.parse(value.at);
    if (Number.isFinite(t) && t > latest) latest = t;
  }
  return latest === -Infinity ? null : Math.max(0, (at.getTime() - latest) / 1000);
}

/** Milestones the device and browser split counts (flow_daily_devices). */
const deviceLabels = new Set(['opened', 'submitted', 'decided']);

/** Adds one to each (metric, label) counter of the session's cohort day, key and version (and its device split). */
async function count(tx: DbOrTx, row: SessionRow, counters: [string, string][]): Promise<void> {
  const dims = { day: row.day, orgId: row.orgId, apiKeyId: row.apiKeyId, family: row.family, flowVersion: row.flowVersion };
  await tx.insert(flowDaily).values(counters.map(([metric, label]) => ({ ...dims, metric, label, n: 1 }))).onConflictDoUpdate({
    target: [flowDaily.orgId, flowDaily.family, flowDaily.day, flowDaily.apiKeyId, flowDaily.flowVersion, flowDaily.metric, flowDaily.label],
    set: { n: sql`${flowDaily.n} + 1` },
  });
  const split = counters.filter(([metric, label]) => metric === 'reached' && deviceLabels.has(label));
  if (!split.length) return;
  await tx.insert(flowDailyDevices).values(split.map(([, label]) => ({ ...dims, device: row.device, browser: row.browser, label, n: 1 }))).onConflictDoUpdate({
    target: [flowDailyDevices.orgId, flowDailyDevices.family, flowDailyDevices.day, flowDailyDevices.apiKeyId, flowDailyDevices.flowVersion, flowDailyDevices.device, flowDailyDevices.browser, flowDailyDevices.label],
    set: { n: sql`${flowDailyDevices.n} + 1` },
  });
}

/** The UTC day of an instant (YYYY-MM-DD): cohort days are UTC everywhere. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
