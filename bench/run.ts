import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { benchApi, benchBare, type LoadResult } from './api-bench';
import { measureWebSize } from './web-size';
import { measureBytesToSelfie } from './bytes-to-selfie';
// @ts-expect-error plain ESM helper shared with the test runner
import { startTempPostgres } from '../scripts/pg-temp.mjs';

// `npm run bench`: API throughput/latency (50 connections, 10 s each, loopback) on PGlite and
// PostgreSQL beside the framework's bare floor; results in bench/results/latest.{md,json}.
const targets = { get: 2000, post: 1000, p99: 50 };

async function main() {
  const results: LoadResult[] = [];
  results.push(await benchBare());
  results.push(...await benchApi('pglite'));
  let pg: { url: string; stop(): void } | null = null;
  try {
    pg = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, stop() {} } : await startTempPostgres();
    results.push(...await benchApi('postgres', pg!.url));
  } catch (e) {
    console.error(`PostgreSQL run skipped: ${(e as Error).message}`);
  } finally { pg?.stop(); }

  const rows = results.map((r) => `| ${r.name} | ${r.db} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
  const lite = (n: string) => results.find((r) => r.db === 'pglite' && r.name.startsWith(n));
  const g = lite('GET'); const p = lite('POST');
  const verdict = [
    `GET on PGlite ≥ ${targets.get} req/s: ${g && g.reqPerSec >= targets.get ? 'met' : 'NOT met'} (${g?.reqPerSec})`,
    `POST on PGlite ≥ ${targets.post} req/s: ${p && p.reqPerSec >= targets.post ? 'met' : 'NOT met'} (${p?.reqPerSec})`,
    `p99 ≤ ${targets.p99} ms on PGlite: ${g && p && Math.max(g.p99, p.p99) <= targets.p99 ? 'met' : 'NOT met'} (GET ${g?.p99}, POST ${p?.p99})`,
  ];
  const web = webSection();
  const toSelfie = await measureBytesToSelfie().catch((e) => `bytes to reach the selfie step: not measured (${(e as Error).message})`);
  const md = [
    `# API benchmark`, ``, `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} cores · 50 connections · ${process.env.BENCH_SECONDS ?? 10} s per row · loopback`, ``,
    `| endpoint | db | req/s | p50 ms | p99 ms | non-2xx | errors |`, `|---|---|---|---|---|---|---|`, ...rows, ``,
    ...verdict.map((v) => `- ${v}`), ``,
    `# Web app`, ``, ...web, `- ${toSelfie}`, ``,
  ].join('\n');
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.md', md);
  writeFileSync('bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), results, verdict }, null, 2));
  console.log(md);
}

/** Initial JS size (gzip) from the production build and face-detection ms per frame in headless Chromium. */
function webSection(): string[] {
  if (!existsSync('dist/web/index.html')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const w = measureWebSize();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    `- JS before the first screen (gzip): ${kb(w.initialJsGzip)} (budget ${kb(w.budgetJsGzip)}: ${w.initialJsGzip <= w.budgetJsGzip ? 'met' : 'NOT met'}); CSS ${kb(w.initialCssGzip)}; files: ${w.initialFiles.join(', ')}`,
    `- all JS chunks (gzip): ${kb(w.allJsGzip)}`,
  ];
  const r = spawnSync('node', ['scripts/check-face-model.mjs'], { encoding: 'utf8' });
  const face = (r.stdout ?? '').split('\n').filter((l) => /ms|face/.test(l) && !/^blocked/.test(l));
  lines.push(`- face detection in headless Chromium (CPU delegate, BlazeFace short-range):`, ...face.map((l) => `  - ${l}`));
  return lines;
}

main().catch((e) => { console.error(e); process.exit(1); });
