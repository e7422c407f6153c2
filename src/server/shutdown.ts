import type { Logger } from './lib/logger';

/** How long in-flight requests get to finish after a stop signal before the process goes on. */
export const DRAIN_CAP_MS = 20_000;

/** The parts of node's http.Server the shutdown uses. */
export interface DrainableServer {
  close(callback: (err?: Error) => void): unknown;
  getConnections(callback: (err: Error | null, count: number) => void): unknown;
  /** http.Server only: drops keep-alive connections that carry no request right now. */
  closeIdleConnections?(): void;
}

export interface ShutdownDeps {
  server: DrainableServer;
  logger: Logger;
  /** Stops the webhook worker and sweepers (an in-flight delivery finishes first). */
  stopJobs(): Promise<void>;
  /** Waits for decision pipelines already scheduled in this process. */
  settleDecisions(): Promise<void>;
  closeDatabase(): Promise<void>;
  /** Last: sends the spans still buffered (telemetry/; capped, never throws). */
  flushTelemetry?(): Promise<void>;
  exit(code: number): void;
  drainCapMs?: number;
  /** Called first on a stop signal: /readyz turns 503, so proxies stop sending new requests. */
  onStopping?(): void;
  /** Time (ms) between onStopping and the listener closing: a proxy's health check sees the 503 and takes this process out of its pool while it still accepts. */
  stopDelayMs?: number;
}

const openConnections = (server: DrainableServer) => new Promise<number | null>((resolve) => {
  server.getConnections((err, count) => resolve(err ? null : count));
});

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting, let in-flight requests finish (at most
 * `drainCapMs`), stop the jobs, settle decisions, close the database, exit 0. Any failure on the
 * way is logged and exits 1, so a supervisor sees it; a second signal while stopping is ignored.
 */
export function createShutdown(deps: ShutdownDeps): (signal: string) => void {
  const { server, logger } = deps;
  const capMs = deps.drainCapMs ?? DRAIN_CAP_MS;
  let stopping = false;

  async function run(signal: string) {
    logger.info('shutting down', { signal });
    deps.onStopping?.();
    if (deps.stopDelayMs) await new Promise((r) => setTimeout(r, deps.stopDelayMs));
    // close() stops accepting and drops idle keep-alive connections; its callback runs once
    // every in-flight request has finished.
    let timer: NodeJS.Timeout | undefined;
    // A keep-alive connection whose request finishes after close() would otherwise stay open
    // until the client or the keep-alive timeout drops it; drop each one as soon as it is idle.
    const idleSweep = setInterval(() => server.closeIdleConnections?.(), 100);
    const drained = await Promise.race([
      new Promise<'drained'>((resolve) => server.close((err) => {
        if (err) logger.warn('closing the HTTP server failed', { err: err.message });
        resolve('drained');
      })),
      new Promise<'cap'>((resolve) => { timer = setTimeout(() => resolve('cap'), capMs); }),
    ]);
    clearTimeout(timer);
    clearInterval(idleSweep);
    if (drained === 'cap') {
      logger.warn('requests still in flight after the shutdown cap; stopping anyway (their clients may see dropped connections)', {
        capSeconds: capMs / 1000, openConnections: await openConnections(server),
      });
    }
    await deps.stopJobs();
    await deps.settleDecisions();
    await deps.closeDatabase();
    await deps.flushTelemetry?.();
    logger.info('stopped');
    deps.exit(0);
  }

  return (signal) => {
    if (stopping) return;
    stopping = true;
    run(signal).catch((err: unknown) => {
      logger.error('shutdown failed', { signal, err: String((err as Error)?.stack ?? err) });
      deps.exit(1);
    });
  };
}
