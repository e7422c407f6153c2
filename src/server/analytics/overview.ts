import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  companyFunnel, individualFunnel, optionalMilestones, outcomeKinds, timeBucketBounds,
  type FunnelStage, type OutcomeKind, type Overview, type OverviewQuery, type StepStats,
} from '../../contract/overview';
import type { DbOrTx } from '../db/types';
import { apiKeys, campaigns, flowDaily, flowDailyDevices } from '../db/schema';
import { dayOf } from './record';
import { quantileOf } from './time-buckets';

/** Period shown when none is asked: the last 30 cohort days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
const TOP_REASONS = 5;
/** Stages of the company funnel every campaign has; its other steps show only when reached. */
const companyAlways = new Set(['opened', 'started', 'submitted', 'decided']);

/**
 * The overview of one organisation's sessions opened in a period (cohort days, UTC), read from
 * the pre-aggregated counters only: its cost follows days × dimensions, not sessions (the bench
 * measures a million). A key that is not the organisation's is the same as no data.
 */
export async function overviewOf(db: DbOrTx, orgId: string, query: OverviewQuery, now: Date): Promise<Overview> {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * 86_400_000));
  const conds: SQL[] = [eq(flowDaily.orgId, orgId), eq(flowDaily.family, query.family), gte(flowDaily.day, from), lte(flowDaily.day, to)];
  if (query.apiKeyId) conds.push(eq(flowDaily.apiKeyId, query.apiKeyId));
  if (query.flowVersion) conds.push(eq(flowDaily.flowVersion, query.flowVersion));
  const where = and(...conds);
  const deviceConds: SQL[] = [eq(flowDailyDevices.orgId, orgId), eq(flowDailyDevices.family, query.family), gte(flowDailyDevices.day, from), lte(flowDailyDevices.day, to)];
  if (query.apiKeyId) deviceConds.push(eq(flowDailyDevices.apiKeyId, query.apiKeyId));
  if (query.flowVersion) deviceConds.push(eq(flowDailyDevices.flowVersion, query.flowVersion));
  const total = sql<number>`sum(${flowDaily.n})::int`;
  const marks = ['opened', 'submitted', 'decided'];

  const [counters, splits, days, keys, versions] = await Promise.all([
    db.select({ metric: flowDaily.metric, label: flowDaily.label, n: total }).from(flowDaily).where(where)
      .groupBy(flowDaily.metric, flowDaily.label),
    db.select({ device: flowDailyDevices.device, browser: flowDailyDevices.browser, label: flowDailyDevices.label, n: sql<number>`sum(${flowDailyDevices.n})::int` })
      .from(flowDailyDevices).where(and(...deviceConds, inArray(flowDailyDevices.label, ['opened', 'submitted'])))
      .groupBy(flowDailyDevices.device, flowDailyDevices.browser, flowDailyDevices.label),
    db.select({ day: flowDaily.day, label: flowDaily.label, n: total }).from(flowDaily)
      .where(and(where, eq(flowDaily.metric, 'reached'), inArray(flowDaily.label, marks)))
      .groupBy(flowDaily.day, flowDaily.label).orderBy(asc(flowDaily.day)),
    db.select({ id: apiKeys.id, name: apiKeys.name, mode: apiKeys.mode }).from(apiKeys).where(eq(apiKeys.orgId, orgId)).orderBy(asc(apiKeys.createdAt)),
    db.selectDistinct({ id: flowDaily.flowVersion }).from(flowDaily)
      .where(and(eq(flowDaily.orgId, orgId), eq(flowDaily.family, query.family), gte(flowDaily.day, from), lte(flowDaily.day, to))),
  ]);

  const of = (metric: string, label: string) => counters.find((c) => c.metric === metric && c.label === label)?.n ?? 0;
  const funnelSteps = (query.family === 'individual' ? [...individualFunnel] : [...companyFunnel])
    .filter((step) => query.family === 'individual' || companyAlways.has(step) || of('reached', step) > 0);
  const funnel = funnelOf(funnelSteps.map((step) => ({ step, reached: of('reached', step) })));
  const steps: StepStats[] = funnelSteps.filter((s) => s !== 'opened').map((step) => {
    const buckets = Array.from({ length: timeBucketBounds.length + 1 }, (_, i) => of('time', `${step}:${i}`));
    return { step, reached: of('reached', step), retried: of('retried', step), p50Seconds: quantileOf(buckets, 0.5), p90Seconds: quantileOf(buckets, 0.9) };
  });
  const outcomes = outcomeKinds.map((outcome) => ({ outcome, count: of('outcome', outcome) }));
  const reasons = counters.filter((c) => c.metric === 'reason').map((c) => {
    const cut = c.label.indexOf(':');
    return { outcome: c.label.slice(0, cut) as OutcomeKind, reason: c.label.slice(cut + 1), count: c.n };
  }).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
    .filter((r, _i, all) => all.filter((x) => x.outcome === r.outcome).indexOf(r) < TOP_REASONS);

  return {
    period: { from, to },
    family: query.family,
    keys: keys.map((k) => ({ id: k.id, name: k.name, mode: k.mode })),
    flowVersions: await labelled(db, orgId, versions.map((v) => v.id).sort()),
    opened: of('reached', 'opened'),
    funnel,
    steps,
    outcomes,
    reasons,
    devices: split(splits, 'device'),
    browsers: split(splits, 'browser'),
    volume: volumeOf(days, from, to),
  };
}

/**
 * Each stage's drop-off: the sessions that reached it minus those that reached the next stage
 * every session needs (optional stages such as a document's back are stepped over).
 */
export function funnelOf(stages: { step: string; reached: number }[]): FunnelStage[] {
  return stages.map((stage, i) => {
    const next = stages.slice(i + 1).find((s) => !optionalMilestones.includes(s.step));
    const dropOff = next && !optionalMilestones.includes(stage.step) ? Math.max(0, stage.reached - next.reached) : 0;
    return { ...stage, dropOff };
  });
}

function split(rows: { device: string; browser: string; label: string; n: number }[], by: 'device' | 'browser') {
  const out = new Map<string, { opened: number; submitted: number }>();
  for (const r of rows) {
    const entry = out.get(r[by]) ?? { opened: 0, submitted: 0 };
    if (r.label === 'opened') entry.opened += r.n; else entry.submitted += r.n;
    out.set(r[by], entry);
  }
  return [...out].map(([name, v]) => ({ [by]: name, ...v }) as { device: string; browser: string; opened: number; submitted: number })
    .sort((a, b) => b.opened - a.opened);
}

/** One point per day of the period (days without sessions are zeros, so the chart's axis is true). */
function volumeOf(rows: { day: string; label: string; n: number }[], from: string, to: string) {
  const out: Overview['volume'] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = dayOf(new Date(t));
    const n = (label: string) => rows.find((r) => r.day === day && r.label === label)?.n ?? 0;
    out.push({ day, opened: n('opened'), submitted: n('submitted'), decided: n('decided') });
  }
  return out;
}

/** Company versions read `Campaign name · v3`; the individual flow's id is its own label. */
async function labelled(db: DbOrTx, orgId: string, ids: string[]): Promise<Overview['flowVersions']> {
  const campaignIds = [...new Set(ids.map((id) => id.split(':')[0]!))];
  const names = campaignIds.length
    ? await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(and(eq(campaigns.orgId, orgId), inArray(campaigns.id, campaignIds)))
    : [];
  return ids.map((id) => {
    const [campaignId, version] = id.split(':');
    const name = names.find((n) => n.id === campaignId)?.name;
    return { id, label: name && version ? `${name} · ${version}` : id };
  });
}
