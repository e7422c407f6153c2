#!/usr/bin/env node
// `npm run build`: browser models, the web app (dist/web, precompressed) and the compiled server
// (dist-server/). Safe to run from several processes on one checkout at once (two `npm start`
// together): one build runs under a lock, the others wait for it and use what it built. Each
// output directory is built aside and renamed into place, so a server already running from the
// checkout never serves half a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'dist', '.build-lock');
const built = () => existsSync(join(root, 'dist/web/index.html')) && existsSync(join(root, 'dist-server/main.mjs'));

const alive = (pid) => {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
};

/** true: this process holds the lock; false: another build held it and has finished. */
async function takeLock() {
  mkdirSync(dirname(lock), { recursive: true });
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock); // atomic: exactly one process creates it
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return !waited || !built();
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    let owner = 0; // 0 while the owner has not written its pid yet (or just removed the lock)
    try { owner = Number(readFileSync(join(lock, 'pid'), 'utf8')) || 0; } catch { /* see above */ }
    if (owner && !alive(owner)) { rmSync(lock, { recursive: true, force: true }); continue; } // a crashed build
    if (!waited) console.log(`another build (pid ${owner || '?'}) is running; waiting for it`);
    waited = true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function run(args) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status ?? r.signal})`);
}

if (!(await takeLock())) {
  // The lock was released by a build that finished while we waited: its output is ours.
  rmSync(lock, { recursive: true, force: true });
  console.log('using the build another process just finished');
  process.exit(0);
}
try {
  run(['scripts/build-models.mjs']);
  const staging = join('dist', `.web.${process.pid}.tmp`);
  run([join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', staging, '--emptyOutDir']);
  run(['scripts/precompress.mjs', staging]);
  const old = join(root, 'dist', `.web.${process.pid}.old`);
  if (existsSync(join(root, 'dist/web'))) renameSync(join(root, 'dist/web'), old);
  renameSync(join(root, staging), join(root, 'dist/web'));
  rmSync(old, { recursive: true, force: true });
  run(['scripts/build-server.mjs']);
} finally {
  rmSync(lock, { recursive: true, force: true });
}
