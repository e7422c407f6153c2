#!/usr/bin/env node
// Compiles the server to plain JavaScript in dist-server/ (or --outdir DIR, which must lie inside
// the repository so the compiled files find node_modules): `node dist-server/main.mjs` then runs
// with no TypeScript loader. Our own code (src/server, src/contract) is bundled; npm packages stay
// external and load from node_modules as they are, so packages that start their own worker
// threads from their own files (tesseract.js) keep working.
//   main.mjs             the server (src/server/main.ts)
//   analysis-worker.mjs  the decision models' worker thread, beside main.mjs, where
//                        analysis-pool.ts looks for it (new URL('./analysis-worker.mjs', import.meta.url))
//   idv.mjs              the `idv` command
//   *-<hash>.mjs         code shared by the entries, and what loads only on demand
//   migrations/          the SQL migrations (db/client.ts reads ./migrations beside itself)
//   pglite-template/     a migrated empty embedded database, copied on a first start
// The output is written to a fresh directory and renamed into place, so a process starting from
// dist-server/ never sees half a build, and two builds at once cannot interleave their files.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * pglite-template/: an embedded database (a PGlite data directory) with every migration applied,
 * shut down cleanly. PGlite's first start in an empty DATA_DIR otherwise creates a cluster
 * (initdb in WebAssembly: seconds); db/client.ts copies this directory instead (a native file
 * copy), so a first start is about as quick as a restart.
 */
async function pgliteTemplate(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite(join(dir, 'pglite-template'));
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: join(dir, 'migrations') });
  await client.close();
}
const at = process.argv.indexOf('--outdir');
const outdir = resolve(root, at > 0 ? process.argv[at + 1] : 'dist-server');
if (relative(root, outdir).startsWith('..')) throw new Error(`--outdir must be inside ${root}`);
const staging = `${outdir}.${process.pid}.tmp`;
const t0 = Date.now();

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
try {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'analysis-worker': 'src/server/decisions/analysis/analysis-worker-main.ts',
      idv: 'src/server/cli/idv.ts',
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Dynamic imports stay lazy (the AWS SDK loads only with MEDIA_URL, pg only with
    // DATABASE_URL): without splitting they would be hoisted into main.mjs and load at every
    // start. Chunks sit beside the entries, so every import.meta.url-relative path (./migrations,
    // ./analysis-worker.mjs, ./pglite-template.tar.gz) resolves in this one directory.
    splitting: true,
    chunkNames: '[name]-[hash]',
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(join(root, 'src/server/db/migrations'), join(staging, 'migrations'), { recursive: true });
  await pgliteTemplate(staging);
  // Swap: the old build moves aside in one rename, the new one takes its name in another.
  const old = `${outdir}.${process.pid}.old`;
  if (existsSync(outdir)) renameSync(outdir, old);
  renameSync(staging, outdir);
  rmSync(old, { recursive: true, force: true });
} catch (e) {
  rmSync(staging, { recursive: true, force: true });
  throw e;
}
console.log(`server compiled to ${relative(root, outdir)}/ in ${Date.now() - t0} ms`);
