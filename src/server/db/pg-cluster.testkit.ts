import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../testing/spawn-server';

const run = promisify(execFile);

/** A PostgreSQL cluster of a test's own, which it may stop and start without disturbing others. */
export interface Cluster {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, versions[0], 'bin');
}

/**
 * initdb and pg_ctl, as scripts/pg-temp.mjs runs them (as the `postgres` user when root, since
 * initdb refuses root), but asynchronous: a test keeps sending requests while the cluster stops
 * and starts.
 */
export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'idv-pg-restart-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const pg = (cmd: string, args: string[]) => (asRoot
    ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args])
    : run(join(bin, cmd), args));
  const data = join(dir, 'data');
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => { await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']); };
  // Fast shutdown is what a restart or failover does to clients: open sessions get 57P01.
  const stop = async () => { await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']); };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop().catch(() => { /* already stopped */ });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
