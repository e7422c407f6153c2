import type { Db } from './db/types';
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
  /**
   * Set while this process runs the decision runner (jobs.ts): submitted live sessions then get
   * a decision job. Without it (DECISION_WORKER=0, or a test that starts no jobs) a live
   * session goes straight to a specialist, as before the pipeline existed.
   */
  decisionRunner?: { kick(): void };
}
