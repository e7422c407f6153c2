import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildContext, SecretFileError } from './bootstrap';
import { loadSettings, SettingsError } from './env';
import { startJobs } from './jobs/jobs';
import { firstStart } from './first-start';
import { resumePendingDecisions, settleDecisions } from './individual/decision';
import { createShutdown } from './shutdown';
import { Readiness } from './probes/readiness';
import { startTracing, stopTracing } from './telemetry/tracing';

async function main() {
  const settings = loadSettings();
  const { ctx, database } = await buildContext(settings);
  // Only with an OTLP endpoint set; otherwise nothing of OpenTelemetry loads.
  await startTracing(settings, ctx.logger);
  await firstStart(ctx);
  const jobs = startJobs(ctx);
  // Models are not needed to serve: /readyz answers 503 until they have loaded (below).
  const readiness = new Readiness(jobs.decisions ? 'loading' : 'not-needed');
  // Sessions a crash left between submit and decision are finished (or queued) now; queued
  // decision jobs survive in their table and the runner takes them up.
  await resumePendingDecisions(ctx);
  const app = createApp(ctx, { readiness });
  // The port is bound only now, with the database open: a proxy's connection to a starting
  // process is refused (and goes to another process) rather than answered 503.
  const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) => {
    ctx.logger.info('listening', { port: info.port, db: database.kind, publicUrl: settings.publicUrl });
  });
  // Models load in the analysis worker now, not on the first live session's decision; started
  // once the API serves, so their seconds of CPU do not delay it (few cores).
  const warm = jobs.decisions?.pool.warm();
  if (warm) {
    readiness.track(warm);
    warm.then((ms) => ctx.logger.info('decision models loaded', { ms }))
      .catch((err: unknown) => ctx.logger.error('decision models failed to load', { err: String(err) }));
  }

  const shutdown = createShutdown({
    server,
    logger: ctx.logger,
    stopJobs: () => jobs.stop(),
    settleDecisions,
    closeDatabase: () => database.close(),
    flushTelemetry: stopTracing,
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
