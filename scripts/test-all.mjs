// `npm test`: lint, type check, unit + integration tests on PGlite, the server tests again on a
// real PostgreSQL, the production build and its start (scripts/prod-smoke.mjs), then the Playwright journeys. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { startTempPostgres } from './pg-temp.mjs';

const steps = [];
function run(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  steps.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${secs} s)`);
  if (r.status !== 0) {
    console.log(`\n${steps.join('\n')}`);
    cleanup();
    process.exit(r.status ?? 1);
  }
}

let pg = null;
function cleanup() {
  if (pg) pg.stop();
  pg = null;
}
process.on('SIGINT', () => { cleanup(); process.exit(130); });

run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('doc links', 'node', ['scripts/check-doc-links.mjs']);
run('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('unit + integration (PGlite)', 'npx', ['vitest', 'run']);
let pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  pg = await startTempPostgres();
  pgUrl = pg.url;
}
run('server integration (PostgreSQL)', 'npx', ['vitest', 'run', 'src/server'], { TEST_DATABASE_URL: pgUrl });
cleanup();
run('build', 'npm', ['run', 'build']);
run('production start (docs/operations.md)', 'node', ['scripts/prod-smoke.mjs']);
run('end-to-end (Playwright, Chromium)', 'npx', ['playwright', 'test']);
console.log(`\n${steps.join('\n')}\nall test steps passed`);
