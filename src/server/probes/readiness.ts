import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';

export type ModelState = 'not-needed' | 'loading' | 'loaded' | 'failed';
export type CheckResult = 'ok' | 'not-needed' | string;

/**
 * What the process knows about itself that the probes report: main.ts sets the models' state
 * (the decision runner's worker loads them at start) and `draining` on a stop signal, so a
 * proxy or orchestrator stops sending requests before the listener closes.
 */
export class Readiness {
  models: ModelState;
  modelsError: string | null = null;
  draining = false;
  constructor(models: ModelState = 'not-needed') {
    this.models = models;
  }
  track(warm: Promise<unknown>): void {
    this.models = 'loading';
    warm.then(() => { this.models = 'loaded'; }, (err: unknown) => {
      this.models = 'failed';
      this.modelsError = err instanceof Error ? err.message : String(err);
    });
  }
}

const CHECK_TIMEOUT_MS = 2000;
/** A storage round trip that succeeded is trusted this long (ms): a probe every second must not write to a bucket every second. */
const STORAGE_OK_FOR_MS = 10_000;

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS); }),
  ]);
}

const failed = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** The checks of /readyz: each 'ok', 'not-needed' or what went wrong. */
export function readinessChecks(ctx: AppContext, readiness: Readiness) {
  // One probe object per process: processes sharing a bucket do not race on it.
  const probeKey = `readyz/${randomBytes(16).toString('hex')}`;
  let storageOkUntil = 0;

  async function database(): Promise<CheckResult> {
    try {
      await withTimeout(ctx.db.execute(sql`select 1`), 'the database');
      return 'ok';
    } catch (err) {
      return failed(err);
    }
  }

  // Single flight: probes arriving together share one round trip (two at once on the same key
  // could read each other's half-written object on some stores).
  let storageInFlight: Promise<CheckResult> | null = null;
  function storage(): Promise<CheckResult> {
    if (Date.now() < storageOkUntil) return Promise.resolve('ok');
    storageInFlight ??= storageRoundTrip().finally(() => { storageInFlight = null; });
    return storageInFlight;
  }

  async function storageRoundTrip(): Promise<CheckResult> {
    try {
      // Write, read back (decrypts: the secret is right) and remove a small object.
      const bytes = randomBytes(16);
      await withTimeout(ctx.storage.put(probeKey, bytes), 'media storage');
      const back = await withTimeout(ctx.storage.get(probeKey), 'media storage');
      await withTimeout(ctx.storage.delete(probeKey), 'media storage');
      if (!back || !back.equals(bytes)) return 'media storage returned something else than was written';
      storageOkUntil = Date.now() + STORAGE_OK_FOR_MS;
      return 'ok';
    } catch (err) {
      return failed(err);
    }
  }

  function models(): CheckResult {
    switch (readiness.models) {
      case 'loaded': return 'ok';
      case 'not-needed': return 'not-needed';
      case 'loading': return 'still loading';
      default: return `failed to load: ${readiness.modelsError ?? 'unknown error'}`;
    }
  }

  return async () => {
    const [db, media] = await Promise.all([database(), storage()]);
    const checks: Record<string, CheckResult> = { database: db, storage: media, models: models() };
    if (readiness.draining) checks.shutdown = 'shutting down';
    const missing = Object.entries(checks).filter(([, v]) => v !== 'ok' && v !== 'not-needed').map(([k]) => k);
    return { checks, missing };
  };
}
