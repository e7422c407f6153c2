import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../contract/envelope';
import { startProcess, type Proc } from '../testing/spawn-server';
import { startCluster, type Cluster } from './pg-cluster.testkit';

// The server against a PostgreSQL cluster of its own that is restarted under light API load:
// every answer must be in the envelope (503 with Retry-After while the database is away, never
// a bare 500 or a dropped connection), and the API must be healthy within a second of the
// database coming back. Runs in the PostgreSQL pass; the cluster is this test's alone, so the
// restart disturbs no other test.
const ADMIN = `adm-${randomBytes(24).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer { sent: number; done: number; status: number; envelope: boolean; retryAfter: string | null; errorCode?: unknown }

function inEnvelope(body: unknown, status: number): boolean {
  if (status === 200) {
    const b = body as { status?: unknown; message?: unknown; code?: unknown } | undefined;
    return b?.status === true && typeof b.message === 'string' && b.code === 200;
  }
  const parsed = errorEnvelopeSchema.safeParse(body);
  return parsed.success && parsed.data.code === status;
}

async function send(make: () => Promise<Response>): Promise<Answer> {
  const sent = Date.now();
  try {
    const res = await make();
    const text = await res.text();
    let body: unknown;
    try { body = JSON.parse(text); } catch { body = undefined; }
    return { sent, done: Date.now(), status: res.status, envelope: inEnvelope(body, res.status), retryAfter: res.headers.get('retry-after'),
      errorCode: (body as { error?: { code?: unknown } } | undefined)?.error?.code };
  } catch {
    return { sent, done: Date.now(), status: 0, envelope: false, retryAfter: null }; // no answer at all
  }
}

/** The moment a fresh connection to the cluster first works: the database is back. */
async function backAt(url: string): Promise<number> {
  for (;;) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.query('select 1');
      return Date.now();
    } catch {
      await sleep(10);
    } finally {
      await c.end().catch(() => {});
    }
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL restart under light API load', () => {
  let cluster: Cluster;
  let server: Proc;
  let key: string;
  let someId: string;
  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}/api${path}`, {
    ...init, headers: { 'x-api-key': key, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

  beforeAll(async () => {
    cluster = await startCluster();
    server = await startProcess('src/server/main.ts', {
      DATABASE_URL: cluster.url, IDV_ADMIN_TOKEN: ADMIN, IDV_SECRET: `s-${randomBytes(24).toString('hex')}`,
      // Only the HTTP path is measured; the 503s are expected, so only errors are logged.
      DECISION_WORKER: '0', LOG_LEVEL: 'error',
    }, '/api/health');
    const created = await fetch(`${server.url}/api/admin/keys`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'test' }),
    });
    key = ((await created.json()) as { data: { apiKey: string } }).data.apiKey;
    const one = await api('/v1/verifications', { method: 'POST', body: JSON.stringify({ vendorData: 'restart-0' }) });
    someId = ((await one.json()) as { data: { verificationId: string } }).data.verificationId;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await cluster?.remove();
  });

  it('answers in the envelope throughout (503 with Retry-After while PostgreSQL is down) and is healthy within a second of it coming back', async () => {
    const answers: Answer[] = [];
    let running = true;
    let n = 0;
    // Three clients, each sending its next request 20 ms after the last answer: a read of a
    // page, a read of one record and a write (a create, which runs in a transaction).
    const client = async (make: () => Promise<Response>) => {
      while (running) {
        answers.push(await send(make));
        await sleep(20);
      }
    };
    const clients = [
      client(() => api('/v1/verifications?page=1&limit=5')),
      client(() => api(`/v1/verifications/${someId}`)),
      client(() => api('/v1/verifications', { method: 'POST', body: JSON.stringify({ vendorData: `restart-${++n}` }) })),
    ];
    await sleep(1000);
    const downAt = Date.now();
    await cluster.stop();
    await sleep(1500);
    const back = backAt(cluster.url);
    await cluster.start();
    const upAt = await back;
    await sleep(2000);
    running = false;
    await Promise.all(clients);

    const before = answers.filter((a) => a.done < downAt);
    const afterBack = answers.filter((a) => a.sent >= upAt);
    const firstHealthy = afterBack.find((a) => a.status === 200);
    const unavailable = answers.filter((a) => a.status === 503);
    const notEnvelope = answers.filter((a) => !a.envelope);
    const backToHealthyMs = firstHealthy ? firstHealthy.done - upAt : Infinity;
    console.log(`restart under load: ${answers.length} answers, ${unavailable.length} × 503, ${notEnvelope.length} not in the envelope, `
      + `statuses ${JSON.stringify(Object.fromEntries([...new Set(answers.map((a) => a.status))].map((s) => [s, answers.filter((a) => a.status === s).length])))}, `
      + `database down ${upAt - downAt} ms, API healthy ${backToHealthyMs} ms after the database came back`);

    expect(notEnvelope).toEqual([]);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 503]));
    expect(before.every((a) => a.status === 200)).toBe(true);
    for (const a of unavailable) expect([a.retryAfter, a.errorCode]).toEqual(['1', 'database_unavailable']);
    expect(backToHealthyMs).toBeLessThan(1000);
    // And it stays healthy: everything sent a second after the database was back succeeded.
    expect(afterBack.filter((a) => a.sent >= upAt + 1000 && a.status !== 200)).toEqual([]);
  }, 60_000);
});
