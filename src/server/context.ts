import type { Db } from './db/client';
import type { Settings } from './env';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { Secrets } from './lib/secrets';
import type { MediaStorage } from './media/storage';
import type { ApiKeyCache } from './keys/api-keys';

/** Everything a route or job needs; built once by bootstrap and passed explicitly. */
export interface AppContext {
  settings: Settings;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  secrets: Secrets;
  logger: Logger;
  storage: MediaStorage;
  adminToken: string;
  keyCache: ApiKeyCache;
  /** Wakes the webhook worker after an event was committed (no-op when no worker runs). */
  kickWebhooks(): void;
}
