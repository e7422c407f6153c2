import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import type { Settings } from './env';
import { systemClock, type Clock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { Secrets } from './lib/secrets';
import { ApiKeyCache } from './keys/api-keys';
import { FileStorage, mediaRoot } from './media/storage';

/** Reads a secret file from DATA_DIR, creating it (mode 0600) with fresh random bytes if absent. */
export function fileSecret(dataDir: string, name: string, make: () => string): string {
  const p = join(dataDir, name);
  if (existsSync(p)) return readFileSync(p, 'utf8').trim();
  const value = make();
  writeFileSync(p, `${value}\n`, { mode: 0o600 });
  chmodSync(p, 0o600);
  return value;
}

export interface Built {
  ctx: AppContext;
  database: Database;
}

/**
 * Builds the context: data dir, secrets, database (migrated), storage. Jobs (webhook worker,
 * sweepers) are started by main, not here, so tests choose what runs.
 */
export async function buildContext(settings: Settings, opts: { clock?: Clock; logger?: Logger } = {}): Promise<Built> {
  const inMemory = settings.dataDir === 'memory://';
  const fileDir = inMemory ? join(process.env.TMPDIR ?? '/tmp', `idv-mem-${randomBytes(6).toString('hex')}`) : settings.dataDir;
  mkdirSync(fileDir, { recursive: true, mode: 0o700 });
  const secretHex = settings.secret ?? fileSecret(fileDir, 'secret', () => randomBytes(32).toString('hex'));
  const adminToken = settings.adminToken ?? fileSecret(fileDir, 'admin-token', () => randomBytes(32).toString('base64url'));
  const secrets = new Secrets(Buffer.from(secretHex, 'utf8'));
  const logger = opts.logger ?? createLogger(settings.logLevel);
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    onConnectionError: (err) => logger.warn('database connection lost while idle', { err: err.message }),
  });
  const ctx: AppContext = {
    settings,
    db: database.db,
    dbKind: database.kind,
    clock: opts.clock ?? systemClock,
    secrets,
    logger,
    storage: new FileStorage(mediaRoot(fileDir)),
    adminToken,
    keyCache: new ApiKeyCache(database.db, secrets),
    kickWebhooks: () => {},
  };
  return { ctx, database };
}
