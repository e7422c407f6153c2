#!/usr/bin/env node
// Follows docs/operations.md, "Running in production", after `npm run build` (CI runs it right after the
// build step): the compiled server started with `npm run start:prod`'s command, with no TypeScript
// loader, on a fresh embedded database; /livez, /readyz (models loaded), the web app and a
// protected /metrics answer; SIGTERM stops it with exit 0. Prints how long each step took.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fail = (msg) => { console.error(`prod-smoke: ${msg}`); process.exit(1); };
for (const f of ['dist-server/main.mjs', 'dist-server/analysis-worker.mjs', 'dist-server/pglite-template/PG_VERSION', 'dist/web/index.html']) {
  if (!existsSync(f)) fail(`${f} is missing: run npm run build first`);
}
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port: p } = s.address(); s.close(() => resolve(p)); });
});
const dataDir = mkdtempSync(join(tmpdir(), 'idv-prod-smoke-'));
const token = randomBytes(24).toString('hex');
const t0 = Date.now();
// The command of `npm run start:prod`, run directly (as the systemd unit does) so SIGTERM reaches
// the server itself, not npm.
const [cmd, ...args] = JSON.parse(readFileSync('package.json', 'utf8')).scripts['start:prod'].split(/\s+/);
if (cmd !== 'node') fail(`start:prod is not a plain node command: ${cmd}`);
const child = spawn(process.execPath, args, {
  env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', METRICS_TOKEN: token },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
const base = `http://127.0.0.1:${port}`;
async function until(path, ms) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    try { if ((await fetch(base + path)).status === 200) return Date.now() - t0; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  return fail(`${path} not 200 within ${ms} ms`);
}
try {
  const live = await until('/livez', 30_000);
  const ready = await until('/readyz', 120_000);
  const page = await fetch(`${base}/`);
  if (page.status !== 200 || !(await page.text()).includes('<div id="root"')) fail('the web app is not served');
  if ((await fetch(`${base}/metrics`)).status !== 401) fail('/metrics answers without the token');
  const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (metrics.status !== 200 || !(await metrics.text()).includes('idv_http_requests_total{')) fail('/metrics does not answer with the request counter');
  const stopAt = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`exit code ${code} after SIGTERM`);
  console.log(`prod-smoke: /livez after ${live} ms, /readyz (models loaded) after ${ready} ms, stopped in ${Date.now() - stopAt} ms with exit 0`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
