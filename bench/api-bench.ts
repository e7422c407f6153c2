import autocannon from 'autocannon';
import { startProcess } from '../src/server/testing/spawn-server';

export interface LoadResult { name: string; db: string; reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number }

export const ADMIN = 'bench-admin-token-0123456789abcdef0123456789abcdef';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Unmeasured load first, so the rows show the steady state, not V8's JIT warming up. */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 50;

async function load(name: string, db: string, opts: autocannon.Options): Promise<LoadResult> {
  if (WARMUP_SECONDS > 0) await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, ...opts });
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return {
    name, db,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export async function benchBare(): Promise<LoadResult> {
  const p = await startProcess('bench/bare-server.ts', {}, '/bare');
  try {
    return await load('GET bare JSON (Hono floor)', '-', { url: `${p.url}/bare` });
  } finally { await p.stop(); }
}

/** POST and GET on the real server, on PGlite (no DATABASE_URL) or PostgreSQL. */
export async function benchApi(db: 'pglite' | 'postgres', databaseUrl?: string): Promise<LoadResult[]> {
  // The API alone: the decision models stay unloaded here (bench/decision-bench.ts measures the API while decisions run).
  const env: Record<string, string> = { IDV_ADMIN_TOKEN: ADMIN, WEBHOOK_WORKER: '1', DECISION_WORKER: '0' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const p = await startProcess('src/server/main.ts', env, '/api/health');
  try {
    const keyRes = await fetch(`${p.url}/api/admin/keys`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'test', name: 'bench' }),
    });
    const key = (await keyRes.json() as { data: { apiKey: string } }).data.apiKey;
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const created = await fetch(`${p.url}/api/v1/verifications`, { method: 'POST', headers, body: JSON.stringify({ vendorData: 'bench' }) });
    const id = (await created.json() as { data: { verificationId: string } }).data.verificationId;
    const post = await load('POST /v1/verifications', db, {
      url: `${p.url}/api/v1/verifications`, method: 'POST', headers,
      body: JSON.stringify({ vendorData: 'user-42', meta: { plan: 'gold' } }),
    });
    const get = await load('GET /v1/verifications/{id}', db, { url: `${p.url}/api/v1/verifications/${id}`, headers });
    return [post, get];
  } finally { await p.stop(); }
}
