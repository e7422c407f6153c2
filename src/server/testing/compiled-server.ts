import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './spawn-server';

/**
 * Compiles the server as `npm run build` does (scripts/build-server.mjs) into .tmp/ inside the
 * repository (the compiled files resolve node_modules from where they lie). Tests run the
 * production start from it: `node <dir>/main.mjs`, no TypeScript loader.
 */
export function compileServer(): { dir: string; remove(): void } {
  const dir = join('.tmp', `compiled-${randomBytes(6).toString('hex')}`);
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build-server failed: ${r.stderr || r.stdout}`);
  return { dir: resolve(dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * CPU time a process has used so far (user + system of all its threads, ms) from
 * /proc/<pid>/stat: what a start costs, whatever else the machine is running. Linux only (-1 elsewhere).
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 0; utime and stime are fields 11 and 12, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return -1;
  }
}

export interface CompiledProcess {
  url: string;
  port: number;
  /** ms from spawn to the first 200 on /livez (the process answers). */
  liveMs: number;
  /** ms from spawn to the first 200 on /api/health (the database is open, the API serves). */
  healthMs: number;
  /** ms from spawn to the first 200 on the ready path. */
  readyMs: number;
  /** CPU time (user + system, ms, all threads) the process had used when /api/health first answered 200; -1 where /proc is absent. */
  healthCpuMs: number;
  child: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code and how long the stop took (ms). */
  stop(): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts `node <dir>/main.mjs` (NODE_OPTIONS cleared: no loader sneaks in) and waits for
 * `readyPath` to answer 200. `port` fixes the port (a restart behind a proxy keeps it);
 * `dataDir` is made (and removed on stop) unless given.
 */
export async function startCompiled(dir: string, env: Record<string, string>, opts: { port?: number; readyPath?: string; dataDir?: string; timeoutMs?: number } = {}): Promise<CompiledProcess> {
  const port = opts.port ?? await freePort();
  const ownDir = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'idv-compiled-'));
  const started = Date.now();
  const child = spawn(process.execPath, [join(dir, 'main.mjs')], {
    env: {
      ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir ?? ownDir!, LOG_LEVEL: 'warn', NODE_ENV: 'production',
      RATE_LIMIT_HOSTED_PER_ADDRESS: '0', RATE_LIMIT_UPLOADS_PER_SESSION: '0', RATE_LIMIT_SIGN_IN_PER_ADDRESS: '0', ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 60_000);
  // Polled in order: /livez, /api/health, then the ready path; each time is from spawn.
  const paths = ['/livez', '/api/health', opts.readyPath ?? '/readyz'];
  const times: number[] = [];
  let healthCpuMs = -1;
  while (times.length < paths.length) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server not ready within ${opts.timeoutMs ?? 60_000} ms`); }
    try {
      if ((await fetch(url + paths[times.length]!)).status === 200) {
        times.push(Date.now() - started);
        if (times.length === 2) healthCpuMs = cpuMs(child.pid);
      }
    } catch { /* not listening yet */ }
    if (times.length < paths.length) await new Promise((r) => setTimeout(r, 20));
  }
  const [liveMs, healthMs, readyMs] = times as [number, number, number];
  return {
    url, port, liveMs, healthMs, readyMs, healthCpuMs, child,
    async stop() {
      const t0 = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
      return { code, ms: Date.now() - t0 };
    },
  };
}
