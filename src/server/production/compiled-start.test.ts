import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileServer, startCompiled, type CompiledProcess } from '../testing/compiled-server';

// The production start (README, "Running in production"): the server compiled once, then run by
// plain node with no TypeScript loader: it migrates a fresh embedded database, loads the
// decision models in its compiled worker thread (readiness waits for them) and stops cleanly.
let build: ReturnType<typeof compileServer>;
let server: CompiledProcess | null = null;

beforeAll(() => { build = compileServer(); }, 60_000);
afterAll(async () => {
  await server?.stop();
  build?.remove();
});

describe('compiled server (node dist-server/main.mjs)', () => {
  it('starts without a TypeScript loader, becomes ready with its models loaded, and stops with exit 0', async () => {
    server = await startCompiled(build.dir, { DECISION_WORKER: '1', WEBHOOK_WORKER: '1' });
    expect(server.child.spawnargs.slice(1)).toEqual([`${build.dir}/main.mjs`]);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: true, message: 'ready', data: { checks: { database: 'ok', storage: 'ok', models: 'ok' } }, code: 200 });
    const health = await (await fetch(`${server.url}/api/health`)).json() as { data: { db: string } };
    expect(health.data.db).toBe('pglite');
    const stopped = await server.stop();
    server = null;
    expect(stopped.code).toBe(0);
  }, 90_000);
});
