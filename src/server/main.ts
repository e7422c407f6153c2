import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildContext } from './bootstrap';
import { loadSettings, SettingsError } from './env';
import { startJobs } from './jobs';
import { firstStart } from './first-start';
import { resumePendingDecisions, settleDecisions } from './domain/individual-decision';

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof SettingsError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const { ctx, database } = await buildContext(settings);
  await firstStart(ctx);
  // Sessions a crash left between submit and decision are finished now.
  await resumePendingDecisions(ctx);
  const app = createApp(ctx);
  const jobs = startJobs(ctx);
  const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) => {
    ctx.logger.info('listening', { port: info.port, db: database.kind, publicUrl: settings.publicUrl });
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info('shutting down', { signal });
    // Stop accepting; in-flight requests finish before the callback runs.
    const closed = new Promise<void>((res) => server.close(() => res()));
    await Promise.race([closed, new Promise((r) => setTimeout(r, 20_000))]);
    await jobs.stop();
    await settleDecisions();
    await database.close();
    ctx.logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
