// Starts a throwaway PostgreSQL cluster for the test run (used when TEST_DATABASE_URL is unset).
// Needs the server binaries (Debian: apt-get install postgresql). As root, the cluster runs as
// the `postgres` system user because initdb refuses root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function startTempPostgres() {
  const bin = findBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql), or set TEST_DATABASE_URL');
  const dir = mkdtempSync(join(tmpdir(), 'idv-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const r = spawnSync(full[0], full[1], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try { run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startTempPostgres();
  console.log(pg.url);
  execFileSync('sleep', ['infinity'], { stdio: 'inherit' });
}
