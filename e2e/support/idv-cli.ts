import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { E2E_ADMIN_TOKEN, E2E_BASE } from './env';

const run = promisify(execFile);

/** The operator's CLI against the e2e server (async: a receiver in this process keeps answering). */
export async function idv(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'src/server/cli/idv.ts', '--url', E2E_BASE, ...args], {
    env: { ...process.env, IDV_ADMIN_TOKEN: E2E_ADMIN_TOKEN }, encoding: 'utf8', timeout: 30_000,
  });
  return stdout;
}
