import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCampaignDefinition } from '../../contract/campaign';
import { createApp } from '../app';
import { buildContext, type Built } from '../bootstrap';
import { ensureDefaultCampaign } from '../campaigns/campaign-repo';
import { verifications, webhookEvents } from '../db/schema';
import { settleDecisions } from '../individual/decision';
import { loadSettings } from '../env';
import { createApiKey } from '../keys/api-keys';
import { createLogger } from '../lib/logger';
import { cardBackJpeg, cardJpeg } from '../individual/routes/hosted.testkit';
import { faceFrames } from '../liveness/liveness.testkit';
import { freshPostgresDatabase } from '../testing/harness';

// The backup and restore drill of docs/operations.md ("Backup and restore"), with its commands: the
// server's data (embedded database or PostgreSQL, the media, the secret) is backed up, restored
// into a fresh directory (and a fresh database), and a server opened there finds every record,
// every webhook event and every image, decrypted. The time each step took is printed.
const pgBase = process.env.TEST_DATABASE_URL;
const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => { for (const f of cleanup.reverse()) await f(); });

const sh = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function open(dataDir: string, databaseUrl?: string): Promise<Built> {
  const settings = loadSettings({
    DATA_DIR: dataDir, PUBLIC_URL: 'http://idv.test', LOG_LEVEL: 'silent', RATE_LIMIT_HOSTED_PER_ADDRESS: '0', RATE_LIMIT_UPLOADS_PER_SESSION: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return buildContext(settings, { logger: createLogger('silent') });
}

/** Everything the drill compares: rows as JSON, every stored file decrypted (by its hash). */
async function snapshot(b: Built) {
  const rows = await b.ctx.db.select().from(verifications).orderBy(asc(verifications.id));
  const events = await b.ctx.db.select().from(webhookEvents).orderBy(asc(webhookEvents.id));
  const files: Record<string, string> = {};
  const storage = new (await import('../media/storage')).FileStorage(join(b.ctx.settings.dataDir, 'media'));
  for await (const key of storage.list()) {
    if (key.startsWith('.')) continue; // the store's own marker (media/seal-existing.ts), not a file of ours
    const plain = await b.ctx.storage.get(key); // decrypts (and checks) with the secret
    files[key] = plain ? sha(plain) : 'unreadable';
  }
  return { rows: JSON.stringify(rows), events: events.map((e) => ({ id: e.id, destination: e.destination, state: e.state, body: e.body })), files };
}

describe('backup and restore drill', () => {
  it(`restores ${pgBase ? 'PostgreSQL' : 'the embedded database'}, the media and the secret into a fresh directory: every record, event and image is there and readable`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idv-drill-'));
    const db = pgBase ? await freshPostgresDatabase(pgBase) : null;
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }), async () => { await db?.drop(); });
    const source = await open(dataDir, db?.url);
    const { ctx } = source;
    await ensureDefaultCampaign(ctx.db, defaultCampaignDefinition, ctx.clock.now());
    const app = createApp(ctx, { webRoot: join(dataDir, 'no-web') });
    // Events are recorded for keys with webhook URLs (nothing is sent: no worker runs here).
    const { apiKey } = await createApiKey(ctx.db, ctx.secrets, { mode: 'test', eventsUrl: 'http://receiver.test/events', decisionUrl: 'http://receiver.test/decision' }, ctx.clock.now());
    const call = async (method: string, path: string, body?: BodyInit, type?: string) => {
      const res = await app.fetch(new Request(`http://idv.test/api${path}`, { method, body, headers: { 'x-api-key': apiKey, ...(type ? { 'content-type': type } : {}) } }));
      const json = await res.json() as { data: Record<string, unknown> };
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const [front, back, face] = [await cardJpeg(), await cardBackJpeg(), await faceFrames()];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = (await call('POST', '/v1/verifications', JSON.stringify({ vendorData: `drill-${i}` }), 'application/json')).verificationId as string;
      await call('PUT', `/v1/verifications/${id}/document`, JSON.stringify({ type: 'NATIONAL_ID', issuingState: 'UTO' }), 'application/json');
      await call('PUT', `/v1/verifications/${id}/media/document-front`, new Uint8Array(front), 'image/jpeg');
      await call('PUT', `/v1/verifications/${id}/media/document-back`, new Uint8Array(back), 'image/jpeg');
      await call('PUT', `/v1/verifications/${id}/media/selfie`, new Uint8Array(face.still), 'image/jpeg');
      await call('POST', `/v1/verifications/${id}/submit`);
      ids.push(id);
    }
    await settleDecisions(); // test keys are decided just after submit: back up the decided state
    const before = await snapshot(source);
    expect(JSON.parse(before.rows)).toHaveLength(3);
    expect(before.events.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(9);
    expect(Object.values(before.files)).not.toContain('unreadable');

    // Backup (docs/operations.md): PostgreSQL with pg_dump while running; the embedded database with the
    // server stopped; DATA_DIR (media, secret, admin token; the embedded database) as one archive.
    const backupDir = mkdtempSync(join(tmpdir(), 'idv-drill-backup-'));
    cleanup.push(() => rmSync(backupDir, { recursive: true, force: true }));
    const t0 = Date.now();
    if (db) sh('pg_dump', ['--format=custom', `--file=${join(backupDir, 'idv.dump')}`, db.url]);
    await source.database.close();
    sh('tar', ['-C', dataDir, '-czf', join(backupDir, 'data-dir.tgz'), '.']);
    const backupMs = Date.now() - t0;

    // Restore (docs/operations.md) into a fresh directory and, for PostgreSQL, a fresh database.
    const t1 = Date.now();
    const restoredDir = join(mkdtempSync(join(tmpdir(), 'idv-drill-restored-')), 'data');
    cleanup.push(() => rmSync(join(restoredDir, '..'), { recursive: true, force: true }));
    mkdirSync(restoredDir, { mode: 0o700 });
    sh('tar', ['-C', restoredDir, '-xzf', join(backupDir, 'data-dir.tgz')]);
    const target = pgBase ? await freshPostgresDatabase(pgBase) : null;
    cleanup.push(async () => { await target?.drop(); });
    if (target) sh('pg_restore', ['--no-owner', `--dbname=${target.url}`, join(backupDir, 'idv.dump')]);
    const restored = await open(restoredDir, target?.url);
    cleanup.push(() => restored.database.close());
    const restoreMs = Date.now() - t1;

    const after = await snapshot(restored);
    expect(JSON.parse(after.rows)).toEqual(JSON.parse(before.rows));
    expect(after.events).toEqual(before.events);
    expect(after.files).toEqual(before.files);
    // And through the API of the restored server: the key still works (the secret came back),
    // every record answers, and its signed image links serve the images.
    const app2 = createApp(restored.ctx, { webRoot: join(restoredDir, 'no-web') });
    for (const id of ids) {
      const res = await app2.fetch(new Request(`http://idv.test/api/v1/verifications/${id}`, { headers: { 'x-api-key': apiKey } }));
      expect(res.status).toBe(200);
      const record = (await res.json() as { data: { doc: { url: { front: string } }; vendorData: string } }).data;
      expect(record.vendorData).toMatch(/^drill-\d$/);
      const image = await app2.fetch(new Request(record.doc.url.front.replace(/^https?:\/\/[^/]+/, 'http://idv.test')));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
    }
    console.log(JSON.stringify({ database: target ? 'postgres' : 'pglite', records: ids.length, events: after.events.length, files: Object.keys(after.files).length, backupMs, restoreMs }));
  }, 120_000);
});
