import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { deriveMediaKey, SealedStorage } from '../media/sealed-storage';
import { FileStorage } from '../media/storage';
import { createHarness, type Harness } from '../testing/harness';
import { Readiness } from './readiness';

let h: Harness;
let scratch: string;
beforeAll(async () => {
  h = await createHarness();
  scratch = mkdtempSync(join(tmpdir(), 'idv-probes-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function get(app: ReturnType<typeof createApp>, path: string) {
  const res = await app.fetch(new Request(`http://idv.test${path}`));
  return { status: res.status, body: await res.json() as Record<string, unknown>, headers: res.headers };
}
const appWith = (readiness: Readiness, ctx = h.ctx) => createApp(ctx, { readiness, webRoot: join(scratch, 'no-web') });

describe('probes', () => {
  it('/livez answers while the process runs, /readyz 200 when database, storage and models are ready', async () => {
    const live = await h.request('GET', '/livez');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: true, message: 'live', code: 200 });
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect((await h.request('GET', '/api/livez')).body).toMatchObject({ status: true, message: 'live' });
    const readiness = new Readiness();
    readiness.track(Promise.resolve(640));
    await Promise.resolve();
    const ready = await get(appWith(readiness), '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: true, message: 'ready', data: { checks: { database: 'ok', storage: 'ok', models: 'ok' } }, code: 200 });
    // A process that runs no decisions needs no models.
    expect((await h.request('GET', '/readyz')).body.data.checks.models).toBe('not-needed');
  });

  it('/readyz answers 503 naming the models while they load, and what failed when they did not', async () => {
    const readiness = new Readiness();
    let fail: (e: Error) => void = () => {};
    readiness.track(new Promise((_, reject) => { fail = reject; }));
    const loading = await get(appWith(readiness), '/readyz');
    expect(loading.status).toBe(503);
    expect(loading.body).toMatchObject({ status: false, message: 'Not ready', data: null, code: 503, error: { code: 'not_ready', missing: ['models'], checks: { database: 'ok', storage: 'ok', models: 'still loading' } } });
    fail(new Error('model file damaged'));
    await new Promise((r) => setTimeout(r, 0));
    expect((await get(appWith(readiness), '/readyz')).body).toMatchObject({ error: { missing: ['models'], checks: { models: 'failed to load: model file damaged' } } });
  });

  it('/readyz answers 503 once a stop signal came (the process drains)', async () => {
    const readiness = new Readiness();
    readiness.draining = true;
    const r = await get(appWith(readiness), '/readyz');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: { missing: ['shutdown'], checks: { shutdown: 'shutting down' } } });
    expect((await get(appWith(readiness), '/livez')).status).toBe(200);
  });

  it('/readyz answers 503 naming the media storage when it cannot be written', async () => {
    // A real file store whose root is a plain file: every write fails with ENOTDIR.
    const blocker = join(scratch, 'not-a-dir');
    writeFileSync(blocker, 'x');
    const storage = new SealedStorage(new FileStorage(join(blocker, 'media')), deriveMediaKey(Buffer.from('s'.repeat(40))), { sealNew: true });
    const r = await get(appWith(new Readiness(), { ...h.ctx, storage }), '/readyz');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: { code: 'not_ready', missing: ['storage'], checks: { database: 'ok', models: 'not-needed' } } });
    expect(String((r.body.error as { checks: { storage: string } }).checks.storage)).toMatch(/ENOTDIR|not a directory/i);
  });

  it('/readyz shares one storage round trip between probes arriving together, and trusts it for a while', async () => {
    const inner = new FileStorage(join(scratch, 'counted'));
    let puts = 0;
    const counted = { put: (k: string, b: Buffer) => { puts++; return inner.put(k, b); }, get: (k: string) => inner.get(k), delete: (k: string) => inner.delete(k) };
    const storage = new SealedStorage(counted, deriveMediaKey(Buffer.from('s'.repeat(40))), { sealNew: true });
    const app = appWith(new Readiness(), { ...h.ctx, storage });
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(app, '/readyz')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(puts).toBe(1);
    expect((await get(app, '/readyz')).status).toBe(200);
    expect(puts).toBe(1);
  });

  it('/readyz answers 503 naming the database when it is gone (and /livez still answers)', async () => {
    const other = await createHarness();
    await other.close(); // the database is closed (and dropped on PostgreSQL)
    const r = await get(appWith(new Readiness(), other.ctx), '/readyz');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: { code: 'not_ready', missing: ['database'] } });
    expect((await get(appWith(new Readiness(), other.ctx), '/livez')).status).toBe(200);
  });
});
