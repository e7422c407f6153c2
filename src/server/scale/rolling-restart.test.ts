import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardJpeg } from '../individual/routes/hosted.testkit';
import { freshPostgresDatabase } from '../testing/harness';
import { compileServer, startCompiled, type CompiledProcess } from '../testing/compiled-server';
import { startRoundRobinProxy, type RoundRobinProxy } from '../testing/round-robin-proxy';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';

// Rolling restart: two compiled server processes on one PostgreSQL database and one bucket
// behind a round-robin proxy that health-checks /readyz. Under steady API and upload load one
// process is stopped (SIGTERM) and started again, then the other: no request may fail, and every
// webhook event is delivered exactly once. The figures are printed for docs/operations.md ("Running at scale").
const ADMIN = `adm-${randomBytes(24).toString('hex')}`;
const LOOPS = 3;
let build: ReturnType<typeof compileServer>;
let db: { url: string; drop: () => Promise<void> };
let s3: TestS3;
let rx: WebhookReceiver;
let proxy: RoundRobinProxy;
const procs: CompiledProcess[] = [];
let env: Record<string, string>;

describe.runIf(process.env.TEST_DATABASE_URL)('rolling restart behind a proxy', () => {
  beforeAll(async () => {
    build = compileServer();
    db = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    s3 = await startTestS3();
    rx = await startWebhookReceiver();
    env = {
      DATABASE_URL: db.url, IDV_SECRET: `s-${randomBytes(24).toString('hex')}`, IDV_ADMIN_TOKEN: ADMIN, WEBHOOK_ALLOW_PRIVATE: '1',
      // Web and webhook work only: the decision models would add ~250 MB and seconds per start.
      DECISION_WORKER: '0', SHUTDOWN_DELAY_SECONDS: '1', TRUST_PROXY: '1', ...s3.env('rolling'),
    };
    // One after the other: the first applies the migrations.
    procs.push(await startCompiled(build.dir, env));
    procs.push(await startCompiled(build.dir, env));
    proxy = await startRoundRobinProxy(procs.map((p) => p.url));
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(procs.map((p) => p.stop()));
    await rx?.close();
    await s3?.close();
    await db?.drop();
    build?.remove();
  });

  it('restarts one process, then the other, under load: no failed request, every event delivered once', async () => {
    const created = await fetch(`${proxy.url}/api/admin/keys`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'test', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') }),
    });
    const key = ((await created.json()) as { data: { apiKey: string } }).data.apiKey;
    rx.setSecret(key);
    const jpeg = new Uint8Array(await cardJpeg()) as Uint8Array<ArrayBuffer>;

    const failures: string[] = [];
    const latencies: number[] = [];
    const ids: string[] = [];
    let uploads = 0;
    async function call(method: string, path: string, init: { json?: unknown; raw?: Uint8Array<ArrayBuffer>; key?: boolean } = {}): Promise<{ data?: Record<string, unknown> } | null> {
      const t0 = performance.now();
      const headers: Record<string, string> = { ...(init.key ? { 'x-api-key': key } : {}) };
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      if (init.raw) headers['content-type'] = 'image/jpeg';
      try {
        const res = await fetch(`${proxy.url}/api${path}`, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.raw });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) { failures.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`); return null; }
        return JSON.parse(text) as { data?: Record<string, unknown> };
      } catch (e) {
        failures.push(`${method} ${path}: ${(e as Error).message}`);
        return null;
      }
    }
    let running = true;
    async function loop(): Promise<void> {
      while (running) {
        const made = await call('POST', '/v1/verifications', { key: true, json: { vendorData: 'rolling' } });
        const id = made?.data?.verificationId as string | undefined;
        if (!id) continue;
        ids.push(id);
        const hosted = `/v1/hosted/verifications/${id}`;
        await call('POST', `${hosted}/start`);
        await call('PUT', `${hosted}/document`, { json: { type: 'NATIONAL_ID', issuingState: 'NGA' } });
        if (await call('PUT', `${hosted}/media/document-front`, { raw: jpeg })) uploads++;
        await call('GET', `/v1/verifications/${id}`, { key: true });
      }
    }
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const t0 = Date.now();
    const loops = Array.from({ length: LOOPS }, () => loop());
    const restarts: { stopMs: number; exitCode: number | null; readyMs: number }[] = [];
    await sleep(2000);
    for (const i of [0, 1]) {
      const old = procs[i]!;
      const stopped = await old.stop();
      procs[i] = await startCompiled(build.dir, env, { port: old.port });
      restarts.push({ stopMs: stopped.ms, exitCode: stopped.code, readyMs: procs[i]!.readyMs });
      await sleep(2000);
    }
    running = false;
    await Promise.all(loops);
    const loadSeconds = (Date.now() - t0) / 1000;

    // Every verification: started and document_front_uploaded, each delivered exactly once.
    const mine = () => rx.events().filter((r) => ids.includes((r.json as { data?: { verificationId?: string } }).data?.verificationId ?? ''));
    const deadline = Date.now() + 60_000;
    while (mine().length < ids.length * 2 && Date.now() < deadline) await sleep(200);
    await sleep(3000); // room for a duplicate to show up
    const events = mine();
    const pairs = events.map((r) => `${(r.json as { data: { verificationId: string } }).data.verificationId} ${(r.json as { event: string }).event}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const pct = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);
    console.log(JSON.stringify({
      requests: latencies.length, failed: failures.length, verifications: ids.length, uploads, loadSeconds,
      requestsPerSecond: Math.round(latencies.length / loadSeconds), p50Ms: pct(0.5), p99Ms: pct(0.99), maxMs: Math.round(sorted.at(-1)!),
      restarts, proxy: proxy.stats, events: events.length,
    }));

    expect(failures).toEqual([]);
    expect(restarts.map((r) => r.exitCode)).toEqual([0, 0]);
    expect(ids.length).toBeGreaterThan(5);
    expect(uploads).toBe(ids.length);
    expect(new Set(events.map((r) => r.id)).size).toBe(events.length);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.sort()).toEqual(ids.flatMap((id) => [`${id} verification.document_front_uploaded`, `${id} verification.started`]).sort());
    expect(events.every((r) => r.verified)).toBe(true);
  }, 180_000);
});
