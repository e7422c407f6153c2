import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { SECRET_MIN_LENGTH, type Settings } from './env';
import { systemClock, type Clock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { Secrets } from './lib/secrets';
import { ApiKeyCache } from './keys/api-keys';
import { sealExistingMedia } from './media/seal-existing';
import { deriveMediaKey, SealedStorage } from './media/sealed-storage';
import { FileStorage, mediaRoot, type MediaStorage } from './media/storage';

export class SecretFileError extends Error {}

function readSecretFile(p: string): string {
  const value = readFileSync(p, 'utf8').trim();
  if (value.length < SECRET_MIN_LENGTH) {
    // Never derive keys from an empty or truncated secret: refuse to start instead.
    throw new SecretFileError(`${p} holds ${value.length} characters; at least ${SECRET_MIN_LENGTH} are needed. `
      + 'Restore the file from a backup (or set the matching environment variable). Deleting it makes the server '
      + 'generate a new one, and anything made with the old one (stored API keys, the admin token) stops working.');
  }
  return value;
}

/**
 * Reads a secret file from DATA_DIR, creating it (mode 0600) with fresh random bytes if absent.
 * Creation is atomic and exclusive: the value is written in full to a private temp file in the
 * same directory, then hard-linked to the final name, which fails if the name exists. So a
 * reader never sees a half-written file, and of two processes starting at once exactly one
 * value wins; the other process reads and uses it.
 */
export function fileSecret(dataDir: string, name: string, make: () => string): string {
  const p = join(dataDir, name);
  if (existsSync(p)) return readSecretFile(p);
  const value = make();
  if (value.length < SECRET_MIN_LENGTH) throw new SecretFileError(`generated ${name} is too short`);
  const tmp = join(dataDir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, `${value}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(tmp, 0o600); // the umask may only have narrowed it; make it exactly 0600
    try {
      linkSync(tmp, p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return readSecretFile(p); // another process won the race
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw e;
      // A file system without hard links: exclusive create of the final name instead.
      try {
        writeFileSync(p, `${value}\n`, { mode: 0o600, flag: 'wx' });
      } catch (e2) {
        if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(p);
        throw e2;
      }
      chmodSync(p, 0o600);
    }
    return value;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Media storage: files under DATA_DIR/media (or the MEDIA_URL bucket), sealed with AES-256-GCM under a key derived from the
 * server secret. Plain files from before encryption are sealed here, before anything serves them.
 */
async function mediaStorage(settings: Settings, fileDir: string, serverSecret: Buffer, logger: Logger): Promise<MediaStorage> {
  // The AWS SDK loads only when a bucket is configured.
  const inner: MediaStorage = settings.mediaUrl
    ? (await import('./media/s3-storage')).S3Storage.fromUrl(settings.mediaUrl)
    : new FileStorage(mediaRoot(fileDir));
  const key = deriveMediaKey(serverSecret);
  if (settings.mediaEncryption) {
    const counts = await sealExistingMedia(inner, key);
    if (counts.sealed > 0) logger.info('sealed media stored in clear', { sealed: counts.sealed, alreadySealed: counts.alreadySealed });
  }
  return new SealedStorage(inner, key, {
    sealNew: settings.mediaEncryption,
    onTamper: (storageKey) => logger.error('media file failed its integrity check; refused', { key: storageKey }),
  });
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
  const storage = await mediaStorage(settings, fileDir, Buffer.from(secretHex, 'utf8'), logger);
  const ctx: AppContext = {
    settings,
    db: database.db,
    dbKind: database.kind,
    clock: opts.clock ?? systemClock,
    secrets,
    logger,
    storage,
    adminToken,
    keyCache: new ApiKeyCache(database.db, secrets),
    kickWebhooks: () => {},
  };
  return { ctx, database };
}
