import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../app';
import { buildContext } from '../bootstrap';
import type { AppContext } from '../context';
import { loadSettings } from '../env';
import { defaultCampaignDefinition } from '../../contract/campaign';
import { ensureDefaultCampaign } from '../campaigns/campaign-repo';
import { createApiKey, type CreateKeyInput } from '../keys/api-keys';
import { ManualClock } from '../lib/clock';
import { createLogger } from '../lib/logger';

/**
 * Test harness: a real database (PGlite in a temp dir, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set), a manual clock, the real app. Requests go through app.fetch
 * (the whole HTTP stack but the socket); tests that need sockets call `listen`.
 */
export interface Harness {
  ctx: AppContext;
  clock: ManualClock;
  app: ReturnType<typeof createApp>;
  // Tests assert on response JSON of many shapes; `any` keeps them readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit }): Promise<{ status: number; body: any; headers: Headers }>;
  createKey(input?: Partial<CreateKeyInput>): Promise<{ id: string; apiKey: string }>;
  close(): Promise<void>;
}

export async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `idv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await freshPostgresDatabase(pgBase) : null;
  const settings = loadSettings({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://idv.test',
    LOG_LEVEL: 'silent',
    // Limits are on by default in the server; tests of other behaviour run without them
    // (limits.test.ts turns them on).
    RATE_LIMIT_HOSTED_PER_ADDRESS: '0',
    RATE_LIMIT_UPLOADS_PER_SESSION: '0',
    RATE_LIMIT_SIGN_IN_PER_ADDRESS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const clock = new ManualClock(new Date('2026-01-05T10:00:00.000Z'));
  const { ctx, database } = await buildContext(settings, { clock, logger: createLogger('silent') });
  await ensureDefaultCampaign(ctx.db, defaultCampaignDefinition, clock.now());
  const app = createApp(ctx, { webRoot: join(dataDir, 'no-web') });
  return {
    ctx,
    clock,
    app,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.key) headers['x-api-key'] = opts.key;
      let body: BodyInit | undefined = opts.raw;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await app.fetch(new Request(`http://idv.test${path}`, { method, headers, body }));
      const text = await res.text();
      let parsed: unknown = text;
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async createKey(input = {}) {
      const { row, apiKey } = await createApiKey(ctx.db, ctx.secrets, { mode: 'test', ...input }, clock.now());
      return { id: row.id, apiKey };
    },
    async close() {
      await database.close();
      if (pgDb) await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
