import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createHarness, type Harness } from '../testing/harness';
import { run } from './idv';

/**
 * For CLI tests: the real app on a loopback port (the CLI speaks real HTTP) and `run` with
 * captured output. The admin token comes from the harness's DATA_DIR file, as for an operator.
 */
export interface CliServer {
  h: Harness;
  url: string;
  env: Record<string, string>;
  idv(args: string[], env?: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

export async function runCapture(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (s: string) => { stdout += s; } },
    stderr: { write: (s: string) => { stderr += s; } },
    env,
  });
  return { code, stdout, stderr };
}

export async function startCliServer(harnessEnv: Record<string, string> = {}): Promise<CliServer> {
  const h = await createHarness(harnessEnv);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = { IDV_URL: url, DATA_DIR: h.ctx.settings.dataDir };
  return {
    h,
    url,
    env,
    idv: (args, extra = {}) => runCapture(args, { ...env, ...extra }),
    async close() {
      await new Promise<void>((res) => server.close(() => res()));
      await h.close();
    },
  };
}
