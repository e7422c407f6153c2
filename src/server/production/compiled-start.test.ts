import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileServer, startCompiled, type CompiledProcess } from '../testing/compiled-server';
import { startOtlpReceiver } from '../testing/otlp-receiver';

// The production start (docs/operations.md, "Running in production"): the server compiled once, then run by
// plain node with no TypeScript loader: it opens a fresh embedded database (from the build's
// migrated template), loads the decision models in its compiled worker thread (readiness waits
// for them), stops cleanly, and finds its data again on the next start.
const ADMIN = `adm-${randomBytes(24).toString('hex')}`;
let build: ReturnType<typeof compileServer>;
let dataDir: string;
let server: CompiledProcess | null = null;

beforeAll(() => {
  build = compileServer();
  dataDir = mkdtempSync(join(tmpdir(), 'idv-compiled-start-'));
}, 90_000);
afterAll(async () => {
  await server?.stop();
  build?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = (path: string, init: RequestInit = {}) => fetch(`${server!.url}/api/admin${path}`, {
  ...init, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
});

describe('compiled server (node dist-server/main.mjs)', () => {
  it('starts without a TypeScript loader, becomes ready with its models loaded, stops with exit 0 and keeps its data', async () => {
    expect(existsSync(join(build.dir, 'pglite-template', 'PG_VERSION'))).toBe(true);
    const env = { DECISION_WORKER: '1', WEBHOOK_WORKER: '1', IDV_ADMIN_TOKEN: ADMIN };
    server = await startCompiled(build.dir, env, { dataDir });
    expect(server.child.spawnargs.slice(1)).toEqual([`${build.dir}/main.mjs`]);
    expect(server.liveMs).toBeLessThanOrEqual(server.readyMs);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: true, message: 'ready', data: { checks: { database: 'ok', storage: 'ok', models: 'ok' } }, code: 200 });
    const health = await (await fetch(`${server.url}/api/health`)).json() as { data: { db: string } };
    expect(health.data.db).toBe('pglite');
    const made = await (await admin('/keys', { method: 'POST', body: JSON.stringify({ mode: 'test', name: 'kept' }) })).json() as { data: { id: string } };
    let stopped = await server.stop();
    server = null;
    expect(stopped.code).toBe(0);

    server = await startCompiled(build.dir, env, { dataDir });
    const keys = await (await admin('/keys')).json() as { data: Array<{ id: string }> };
    expect(keys.data.map((k) => k.id)).toContain(made.data.id);
    stopped = await server.stop();
    server = null;
    expect(stopped.code).toBe(0);
  }, 120_000);

  it('with an OTLP endpoint, loads the tracing chunk and sends its spans, the last ones on SIGTERM', async () => {
    const otlp = await startOtlpReceiver();
    try {
      server = await startCompiled(build.dir, { DECISION_WORKER: '0', OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url }, { readyPath: '/api/health' });
      const traceId = randomBytes(16).toString('hex');
      const parent = randomBytes(8).toString('hex');
      expect((await fetch(`${server.url}/api/health`, { headers: { traceparent: `00-${traceId}-${parent}-01` } })).status).toBe(200);
      // The batch goes every 5 s; stopped sooner, the shutdown sends it before the exit.
      expect((await server.stop()).code).toBe(0);
      server = null;
      expect(otlp.spans().find((s) => s.traceId === traceId)).toMatchObject({ name: 'GET /api/health', parentSpanId: parent, serviceName: 'idv-hosted' });
    } finally {
      await otlp.close();
    }
  }, 60_000);
});
