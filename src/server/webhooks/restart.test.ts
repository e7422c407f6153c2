import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../bootstrap';
import { webhookEvents } from '../db/schema';
import { loadSettings } from '../env';
import { createApiKey } from '../keys/api-keys';
import { createLogger } from '../lib/logger';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';

/**
 * Real processes: `node --import tsx src/server/main.ts` on a temp DATA_DIR (or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set), killed and restarted while webhooks wait.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const adminToken = randomBytes(32).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

interface Server { proc: ChildProcess; base: string; exited: Promise<number | null>; stderr: () => string }

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', IDV_ADMIN_TOKEN: adminToken, WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}): ${err}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { proc, base, exited, stderr: () => err };
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${err}`);
}

type Queued = { events: { id: string }[] };
type Listed = { id: string; attempts: number; state: string }[];
const admin = async <T>(s: Server, method: string, path: string) => {
  const res = await fetch(`${s.base}/api/admin${path}`, { method, headers: { authorization: `Bearer ${adminToken}` } });
  return { status: res.status, body: await res.json() as { data: T } };
};

describe('webhooks across a server crash and restart', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDb: (() => Promise<void>) | null = null;
  let rx: WebhookReceiver;
  let key: { id: string; apiKey: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'idv-restart-'));
    // Webhooks are under test here: the decision models (2 s of CPU at each start) stay unloaded.
    env = { DATA_DIR: dataDir, DECISION_WORKER: '0' };
    const pgBase = process.env.TEST_DATABASE_URL;
    if (pgBase) {
      const name = `idv_restart_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      const u = new URL(pgBase);
      u.pathname = `/${name}`;
      env.DATABASE_URL = u.toString();
      dropDb = async () => {
        const d = new pg.Client({ connectionString: pgBase });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      };
    }
    rx = await startWebhookReceiver();
    // The key is made before the server starts: PGlite is single-process, so close it first.
    const { ctx, database } = await buildContext(loadSettings({ ...env, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
    const { row, apiKey } = await createApiKey(ctx.db, ctx.secrets, { mode: 'test', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') }, new Date());
    await database.close();
    key = { id: row.id, apiKey };
    rx.setSecret(apiKey);
  });
  afterAll(async () => {
    await rx.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every event queued while the receiver was down exactly once after a SIGKILL', async () => {
    rx.setDown(true);
    const first = await startServer(env);
    const ids: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const res = await admin<Queued>(first, 'POST', `/keys/${key.id}/test-webhook`);
        expect(res.status).toBe(200);
        ids.push(...res.body.data.events.map((e) => e.id));
      }
      // Every event has had its first (failed) attempt; the retry is ~5 s away.
      for (let i = 0; i < 100; i++) {
        const list = await admin<Listed>(first, 'GET', `/webhooks?keyId=${key.id}`);
        if (list.body.data.length === ids.length && list.body.data.every((d) => d.attempts >= 1)) break;
        await sleep(50);
      }
    } finally {
      first.proc.kill('SIGKILL');
    }
    await first.exited;
    expect(ids).toHaveLength(6);
    expect(rx.events()).toHaveLength(0);
    expect(rx.requests().length).toBeGreaterThanOrEqual(6);

    // The receiver is back before the new process starts: its worker may retry before it even
    // answers /api/health, and every event must still arrive exactly once.
    rx.setDown(false);
    const second = await startServer(env);
    try {
      await Promise.all(ids.map((id) => rx.waitFor((r) => r.id === id, 60_000)));
      await sleep(1_500); // a duplicate would show up now
      const delivered = rx.events();
      expect(delivered.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(delivered.every((r) => r.verified === true)).toBe(true);
      expect(delivered.filter((r) => r.path === '/decision')).toHaveLength(3);
      const list = await admin<Listed>(second, 'GET', `/webhooks?keyId=${key.id}&state=delivered`);
      expect(list.body.data).toHaveLength(6);
    } finally {
      second.proc.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
  }, 150_000);

  it('on SIGTERM finishes the in-flight delivery, exits 0 and leaves a database that reopens', async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((r) => { arrived = r; });
    rx.setResponder(() => { arrived(); return { status: 200, delayMs: 1_500 }; });
    const server = await startServer(env);
    let id = '';
    try {
      const res = await admin<Queued>(server, 'POST', `/keys/${key.id}/test-webhook`);
      id = res.body.data.events[0]!.id;
      await inFlight;
    } finally {
      server.proc.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    rx.setResponder(null);
    expect(rx.events().filter((r) => r.id === id)).toHaveLength(1);

    const { ctx, database } = await buildContext(loadSettings({ ...env, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
    try {
      const [row] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      expect(row).toMatchObject({ state: 'delivered', attempts: 1 });
    } finally {
      await database.close();
    }
  }, 60_000);
});
