import { Hono } from 'hono';
import { fail } from '../http/envelope';
import { DB_UNAVAILABLE } from '../http/unhandled-error';

/**
 * What the process answers between binding its port and having its database open (PGlite's
 * first start creates a whole cluster, seconds): /livez 200 (the process is alive; a
 * supervisor must not restart it), /readyz 503 naming what is missing, everything else 503 in
 * the envelope with Retry-After, as during a database outage. main.ts swaps in the real app
 * once it is built.
 */
export function startingApp(): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  for (const base of ['', '/api']) {
    app.get(`${base}/livez`, (c) => c.json({ status: true, message: 'live', data: { uptimeSeconds: Math.round(process.uptime()) }, code: 200 }));
    app.get(`${base}/readyz`, (c) => fail(c, 503, 'Not ready', { code: 'not_ready', missing: ['database', 'storage', 'models'], checks: { database: 'starting', storage: 'starting', models: 'starting' } }));
  }
  app.all('*', (c) => {
    c.header('Retry-After', '1');
    return fail(c, 503, DB_UNAVAILABLE, { code: 'starting', retryAfterSeconds: 1 });
  });
  return app;
}
