import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../contract/envelope';
import { createApp } from '../app';
import type { Db } from '../db/types';
import { ApiKeyCache } from '../keys/api-keys';
import type { Logger } from '../lib/logger';
import { createHarness, type Harness } from '../testing/harness';

const lost = () => new DrizzleQueryError('select * from api_keys where lookup_digest = $1', ['secret-digest'],
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));

/** A database whose every use fails as a PostgreSQL restart makes it fail. */
const restartingDb = new Proxy({}, { get: () => { throw lost(); } }) as Db;

describe('an error no route handles', () => {
  let h: Harness;
  const logged: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (msg, fields) => logged.push({ level: 'warn', msg, fields }),
    error: (msg, fields) => logged.push({ level: 'error', msg, fields }),
  };
  let apiKey: string;
  beforeAll(async () => {
    h = await createHarness();
    apiKey = (await h.createKey()).apiKey;
  });
  afterAll(() => h.close());

  it('is 503 in the envelope with Retry-After when the database connection is lost (the real app)', async () => {
    // The real routes and error handler on a database in the middle of a restart.
    const app = createApp({ ...h.ctx, logger, db: restartingDb, keyCache: new ApiKeyCache(restartingDb, h.ctx.secrets) });
    for (const [method, path] of [['GET', '/api/v1/verifications?page=1&limit=5'], ['POST', '/api/v1/verifications']]) {
      const res = await app.fetch(new Request(`http://idv.test${path}`, {
        method, headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined,
      }));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      const body = errorEnvelopeSchema.parse(await res.json());
      expect(body).toMatchObject({ status: false, code: 503, data: null, error: { code: 'database_unavailable', retryAfterSeconds: 1 } });
    }
    expect(logged.map((l) => [l.level, l.msg, l.fields?.code])).toEqual([['warn', 'database unavailable', '57P01'], ['warn', 'database unavailable', '57P01']]);
    // drizzle's wrapper carries the SQL parameters; the log keeps only the driver's error.
    expect(JSON.stringify(logged)).not.toContain('secret-digest');
  });

  it('is still 500 in the envelope, without Retry-After, for anything else', async () => {
    const brokenDb = new Proxy({}, { get: () => { throw new TypeError('a bug'); } }) as Db;
    const app = createApp({ ...h.ctx, logger, db: brokenDb, keyCache: new ApiKeyCache(brokenDb, h.ctx.secrets) });
    const res = await app.fetch(new Request('http://idv.test/api/v1/verifications', { headers: { 'x-api-key': apiKey } }));
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(errorEnvelopeSchema.parse(await res.json())).toMatchObject({ code: 500, message: 'Internal server error', error: null });
  });
});
