import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildContext, SecretFileError } from './bootstrap';
import { loadSettings, SettingsError } from './env';
import { startJobs } from './jobs';
import { firstStart } from './first-start';
import { resumePendingDecisions, settleDecisions } from './domain/individual-decision';
import { createShutdown } from './shutdown';
import { Readiness } from './probes/readiness';

async function main() {
  const settings = loadSettings();
  const { ctx, database } = await buildContext(settings);
  await firstStart(ctx);
  const jobs = startJobs(ctx);
  const readiness = new Readiness();
  // Models load in the analysis worker now, not on the first live session's decision; /readyz
  // answers 503 until they have.
  const warm = jobs.decisions?.pool.warm();
  if (warm) {
    readiness.track(warm);
    warm.then((ms) => ctx.logger.info('decision models loaded', { ms }))
      .catch((err: unknown) => ctx.logger.error('decision models failed to load', { err: String(err) }));
  }
  // Sessions a crash left between submit and decision are finished (or queued) now; queued
  // decision jobs survive in their table and the runner takes them up.
  await resumePendingDecisions(ctx);
  const app = createApp(ctx, { readiness });
  const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) => {
    ctx.logger.info('listening', { port: info.port, db: database.kind, publicUrl: settings.publicUrl });
  });

  const shutdown = createShutdown({
    server,
    logger: ctx.logger,
    stopJobs: () => jobs.stop(),
    settleDecisions,
    closeDatabase: () => database.close(),
    exit: (code) => process.exit(code),
    onStopping: () => { readiness.draining = true; },
    stopDelayMs: settings.shutdownDelaySeconds * 1000,
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e: unknown) => {
  // Configuration the operator must fix (a bad setting, a damaged secret file): the message
  // alone and exit code 2. Anything else is a crash: the stack and exit code 1.
  if (e instanceof SettingsError || e instanceof SecretFileError) {
    console.error(e.message);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
