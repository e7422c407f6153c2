// `npm run bench:startup`: how long the production start (node dist-server/main.mjs, compiled by
// `npm run build`, no TypeScript loader) takes on the embedded database (PGlite), measured from
// spawn to the first 200 on /livez (the process answers), on /api/health (the database is open
// and the API serves) and on /readyz (database, media storage and the decision models loaded in
// the worker thread; a web-only process, DECISION_WORKER=0, needs no models). First start = empty
// DATA_DIR (the migrations run); restart = the same DATA_DIR again. For comparison, the former
// start through the tsx loader (src/server/main.ts). Writes bench/results/startup.md and .json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { compileServer, startCompiled } from '../src/server/testing/compiled-server';
import { freePort } from '../src/server/testing/spawn-server';

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

type Row = { live: number[]; health: number[]; ready: number[]; healthCpu: number[] };
const row = (): Row => ({ live: [], health: [], ready: [], healthCpu: [] });
const compiled = { first: row(), restart: row(), webOnly: row() };

const build = compileServer();
try {
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'idv-startup-'));
    for (const kind of ['first', 'restart', 'webOnly'] as const) {
      const p = await startCompiled(build.dir, { LOG_LEVEL: 'error', DECISION_WORKER: kind === 'webOnly' ? '0' : '1' }, { dataDir });
      compiled[kind].live.push(p.liveMs);
      compiled[kind].health.push(p.healthMs);
      compiled[kind].ready.push(p.readyMs);
      compiled[kind].healthCpu.push(p.healthCpuMs);
      await p.stop();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  build.remove();
}

/** The former start for reference: tsx loader, same measure (first 200 on /api/health). */
async function tsxStart(): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-startup-tsx-'));
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' }, stdio: 'ignore',
  });
  let ms = -1;
  while (ms < 0) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) ms = Date.now() - t0; } catch { /* not yet */ }
    if (ms < 0) await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); });
  rmSync(dataDir, { recursive: true, force: true });
  return ms;
}
const tsx: number[] = [];
for (let i = 0; i < Math.min(RUNS, 3); i++) tsx.push(await tsxStart());

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} at the end, Node ${process.version}`;
const line = (name: string, xs: number[]) => `| ${name} | ${median(xs)} | ${max(xs)} | ${xs.join(', ')} |`;
const md = `# Start-up time (production start, embedded database)

${new Date().toISOString().slice(0, 16)}Z, ${machine}. ${RUNS} runs each, ms from spawn.
Floor: start to healthy (the API serving: \`/api/health\` 200) ≤ 3000 ms; \`/readyz\` also waits for the decision models.

| Start | median ms | max ms | runs |
|---|---|---|---|
${line('compiled, first start (empty DATA_DIR) → /livez', compiled.first.live)}
${line('compiled, first start → /api/health (database open, API serving)', compiled.first.health)}
${line('compiled, first start → /readyz (models loaded)', compiled.first.ready)}
${line('compiled, restart (same DATA_DIR) → /livez', compiled.restart.live)}
${line('compiled, restart → /api/health', compiled.restart.health)}
${line('compiled, restart → /readyz (models loaded)', compiled.restart.ready)}
${line('compiled, web-only restart (DECISION_WORKER=0) → /readyz', compiled.webOnly.ready)}
${line('CPU time used by a first start until /api/health (ms, all threads)', compiled.first.healthCpu)}
${line('CPU time used by a restart until /api/health', compiled.restart.healthCpu)}
${line('CPU time used by a web-only restart until /api/health', compiled.webOnly.healthCpu)}
${line('former start through tsx, first start → /api/health', tsx)}

Wall times depend on what else the machine runs; the CPU time a start uses does much less (it
uses more than one thread, so on a quiet machine the wall time is below it).

Slowest start to /livez ${max([...compiled.first.live, ...compiled.restart.live])} ms, to /api/health ${max([...compiled.first.health, ...compiled.restart.health])} ms (floor 3000 ms: ${max([...compiled.first.health, ...compiled.restart.health]) <= 3000 ? 'met' : 'NOT met'}).
`;
writeFileSync('bench/results/startup.md', md);
writeFileSync('bench/results/startup.json', `${JSON.stringify({ at: new Date().toISOString(), machine, runs: RUNS, compiled, tsx }, null, 2)}\n`);
console.log(md);
