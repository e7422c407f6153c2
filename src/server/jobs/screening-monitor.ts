import type { AppContext } from '../context';
import { companyMonitoredSource } from '../company/screening';
import { individualMonitoredSource } from '../individual/screening';
import { rescreenMonitored, type MonitoringRun } from '../screening/monitoring';
import type { MonitorHandle } from '../screening/screening.routes';

const monitors = new WeakMap<AppContext, MonitorHandle>();

/**
 * The monitoring of one server (screening/monitoring.ts) over both products' subjects. One run
 * at a time: a kick while a run is going queues exactly one more, so an import made during a
 * run is screened by the next. Each run's figures are logged; a failed run is logged and the
 * next import (or `idv lists monitor`) runs it again.
 */
export function screeningMonitor(ctx: AppContext): MonitorHandle {
  const known = monitors.get(ctx);
  if (known) return known;
  const sources = [individualMonitoredSource(), companyMonitoredSource()];
  let running: Promise<MonitoringRun> | null = null;
  let again = false;
  const start = (): Promise<MonitoringRun> => {
    const p = rescreenMonitored(ctx.db, sources, () => ctx.clock.now()).then((run) => {
      ctx.logger.info('screening monitoring run', { ...run });
      if (run.alerted) ctx.kickWebhooks();
      return run;
    }).finally(() => {
      running = null;
      if (again) { again = false; running = start(); running.catch(() => {}); }
    });
    return p;
  };
  const handle: MonitorHandle = {
    kick() {
      if (running) { again = true; return; }
      running = start();
      running.catch((e: unknown) => ctx.logger.error('screening monitoring run failed', { error: e instanceof Error ? e.message : String(e) }));
    },
    async runNow() {
      while (running) await running.catch(() => {});
      running = start();
      return running;
    },
  };
  monitors.set(ctx, handle);
  return handle;
}
