import { Hono } from 'hono';
import type { AppContext } from '../context';
import { fail } from '../http/envelope';
import { readinessChecks, type Readiness } from './readiness';

/**
 * Probes for process managers, orchestrators and proxies, at the root (outside /api, as
 * Kubernetes and most proxies expect), in the service's envelope, never cached:
 *   GET /livez   the process answers (no dependency is checked: a database outage must not
 *                get every process restarted)
 *   GET /readyz  the database answers, media storage takes a write and gives it back, the
 *                decision models are loaded (when this process decides), and no stop signal has
 *                come; otherwise 503 with `error.missing` naming what is not ready.
 */
export function probeRoutes(ctx: AppContext, readiness: Readiness): Hono {
  const app = new Hono();
  const check = readinessChecks(ctx, readiness);
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/livez', (c) => c.json({ status: true, message: 'live', data: { uptimeSeconds: Math.round(process.uptime()) }, code: 200 }));
  app.get('/readyz', async (c) => {
    const { checks, missing } = await check();
    if (missing.length > 0) return fail(c, 503, 'Not ready', { code: 'not_ready', missing, checks });
    return c.json({ status: true, message: 'ready', data: { checks }, code: 200 });
  });
  return app;
}
