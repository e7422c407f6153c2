import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../contract/envelope';
import type { AppContext } from '../context';
import { fail } from '../http/envelope';
import { decisionQueueDepth, registry, webhookPending } from './registry';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Reads the queue depths from the database at scrape time (shared by every process on it). */
async function readQueues(ctx: AppContext): Promise<void> {
  const jobs = await ctx.db.execute(sql`select state, count(*)::int as n from decision_jobs
    where state in ('queued', 'running') group by state`);
  decisionQueueDepth.reset();
  decisionQueueDepth.set({ state: 'queued' }, 0);
  decisionQueueDepth.set({ state: 'running' }, 0);
  for (const r of rowsOf(jobs)) decisionQueueDepth.set({ state: String(r.state) }, Number(r.n));
  const pending = await ctx.db.execute(sql`select k.org_id as org, count(*)::int as n from webhook_events e
    join api_keys k on k.id = e.api_key_id where e.state = 'pending' group by k.org_id`);
  webhookPending.reset();
  for (const r of rowsOf(pending)) webhookPending.set({ organisation: String(r.org) }, Number(r.n));
}

/** node-postgres answers { rows }, PGlite answers { rows } too; typed loosely by drizzle. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return ((result as { rows?: Array<Record<string, unknown>> }).rows) ?? [];
}

/**
 * GET /metrics in Prometheus' text format. Off (404) unless METRICS_TOKEN is set; then it needs
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time): metrics name
 * organisations and traffic, which is not for the public.
 */
export function metricsRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const token = ctx.settings.metricsToken;
    if (!token) return fail(c, 404, 'Not found');
    const given = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return fail(c, 401, messages.unauthorized, { code: 'metrics_token_required' });
    }
    try {
      await readQueues(ctx);
    } catch (err) {
      // The database is down: the rest of the metrics still say so (and /readyz does).
      ctx.logger.warn('metrics: queue depths not read', { err: String(err) });
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
  return app;
}
