import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from './lib/logger';
import { createShutdown, type ShutdownDeps } from './shutdown';

type Entry = { level: string; msg: string; fields?: Record<string, unknown> };

function recordingLogger(entries: Entry[]): Logger {
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => { entries.push({ level, msg, fields }); };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A real HTTP server; `/slow` answers after `slowMs`. */
async function listen(slowMs: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('late'), slowMs);
    else res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Runs a shutdown and resolves with the exit code, the steps taken and the log. */
function harness(server: Server, overrides: Partial<ShutdownDeps> = {}) {
  const steps: string[] = [];
  const log: Entry[] = [];
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((r) => { exited = r; });
  const shutdown = createShutdown({
    server,
    logger: recordingLogger(log),
    stopJobs: async () => { steps.push('jobs'); },
    settleDecisions: async () => { steps.push('decisions'); },
    closeDatabase: async () => { steps.push('database'); },
    exit: (code) => { steps.push(`exit ${code}`); exited(code); },
    ...overrides,
  });
  return { shutdown, steps, log, exit };
}

describe('graceful shutdown', () => {
  let server: Server | null = null;
  afterEach(() => { server?.closeAllConnections(); server?.close(); server = null; });

  it('marks the process not ready first and keeps accepting for the stop delay, then closes', async () => {
    const s = await listen(0);
    server = s.server;
    let stoppingAt = 0;
    const h = harness(s.server, { stopDelayMs: 400, onStopping: () => { stoppingAt = Date.now(); h.steps.push('not ready'); } });
    h.shutdown('SIGTERM');
    expect(h.steps).toEqual(['not ready']);
    await new Promise((r) => setTimeout(r, 200));
    // Within the delay a new request is still answered (a proxy may not have noticed yet).
    expect(await (await fetch(`${s.url}/`)).text()).toBe('ok');
    expect(await h.exit).toBe(0);
    expect(Date.now() - stoppingAt).toBeGreaterThanOrEqual(390);
    expect(h.steps).toEqual(['not ready', 'jobs', 'decisions', 'database', 'exit 0']);
    await expect(fetch(`${s.url}/`)).rejects.toThrow();
  });

  it('sends the last spans after the database closes, just before exiting', async () => {
    const s = await listen(0);
    server = s.server;
    const h = harness(s.server, { flushTelemetry: async () => { h.steps.push('telemetry'); } });
    h.shutdown('SIGTERM');
    expect(await h.exit).toBe(0);
    expect(h.steps).toEqual(['jobs', 'decisions', 'database', 'telemetry', 'exit 0']);
  });

  it('waits for an in-flight request, then stops jobs, decisions and the database, and exits 0', async () => {
    const s = await listen(300);
    server = s.server;
    const pending = fetch(`${s.url}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const h = harness(s.server, { drainCapMs: 5_000 });
    h.shutdown('SIGTERM');
    h.shutdown('SIGINT'); // ignored while stopping
    expect(await h.exit).toBe(0);
    expect(await pending).toBe('late');
    expect(h.steps).toEqual(['jobs', 'decisions', 'database', 'exit 0']);
    expect(h.log.map((e) => e.msg)).toEqual(['shutting down', 'stopped']);
    expect(h.log[0]!.fields).toEqual({ signal: 'SIGTERM' });
  });

  it('says so when the cap is reached with requests still in flight, and still stops', async () => {
    const s = await listen(10_000);
    server = s.server;
    const pending = fetch(`${s.url}/slow`).catch(() => 'dropped');
    await new Promise((r) => setTimeout(r, 50));
    const h = harness(s.server, { drainCapMs: 200 });
    h.shutdown('SIGTERM');
    expect(await h.exit).toBe(0);
    const warn = h.log.find((e) => e.level === 'warn');
    expect(warn?.msg).toMatch(/requests still in flight after the shutdown cap/);
    expect(warn?.fields).toEqual({ capSeconds: 0.2, openConnections: 1 });
    expect(h.steps).toEqual(['jobs', 'decisions', 'database', 'exit 0']);
    s.server.closeAllConnections();
    await pending;
  });

  it('logs a failing step and exits 1', async () => {
    const s = await listen(0);
    server = s.server;
    const h = harness(s.server, { closeDatabase: async () => { throw new Error('database refused to close'); } });
    h.shutdown('SIGTERM');
    expect(await h.exit).toBe(1);
    expect(h.steps).toEqual(['jobs', 'decisions', 'exit 1']);
    const err = h.log.find((e) => e.level === 'error');
    expect(err?.msg).toBe('shutdown failed');
    expect(err?.fields?.signal).toBe('SIGTERM');
    expect(String(err?.fields?.err)).toContain('database refused to close');
    expect(h.log.map((e) => e.msg)).not.toContain('stopped');
  });
});
