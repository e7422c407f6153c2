import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
    s.on('error', reject);
  });
}

export interface Proc { url: string; stop(): Promise<void> }

/** Starts a script as its own process (the bench: the load generator does not share its event loop; tests: several servers on one database). */
export async function startProcess(script: string, env: Record<string, string>, healthPath: string): Promise<Proc> {
  // A caller that must know the port up front (PUBLIC_URL names it) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production',
      // The whole load comes from one loopback address: per-address limits would measure themselves.
      RATE_LIMIT_HOSTED_PER_ADDRESS: '0', RATE_LIMIT_UPLOADS_PER_SESSION: '0', RATE_LIMIT_SIGN_IN_PER_ADDRESS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(url + healthPath);
      if (r.status < 500) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => { rmSync(dataDir, { recursive: true, force: true }); resolve(); });
      child.kill('SIGTERM');
    }),
  };
}
