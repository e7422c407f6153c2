import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { createApiKey } from './api-keys';
import { revokeApiKey } from './key-admin';

describe('API key storage', () => {
  let h: Harness;
  beforeAll(async () => { h = await createHarness(); });
  afterAll(async () => { await h.close(); });

  it('has the mode prefix and at least 32 random bytes, all different', async () => {
    const seen = new Set<string>();
    for (const mode of ['test', 'live', 'test', 'live'] as const) {
      const { apiKey } = await createApiKey(h.ctx.db, h.ctx.secrets, { mode }, h.clock.now());
      expect(apiKey.startsWith(`sk_${mode}_`)).toBe(true);
      const random = apiKey.slice(`sk_${mode}_`.length);
      expect(random).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(random, 'base64url').length).toBeGreaterThanOrEqual(32);
      seen.add(apiKey);
    }
    expect(seen.size).toBe(4);
  });

  it('stores only a lookup digest and the encrypted key, never the key in clear', async () => {
    const { row, apiKey } = await createApiKey(h.ctx.db, h.ctx.secrets, { mode: 'live', name: 'n' }, h.clock.now());
    const random = apiKey.slice('sk_live_'.length);
    // Everything the database holds for the table, as text.
    const dump = JSON.stringify(await h.ctx.db.execute(sql`SELECT * FROM api_keys`));
    expect(dump).toContain(row.id);
    expect(dump).not.toContain(random);
    expect(dump).not.toContain(random.slice(0, 16));
    expect(row.lookupDigest).toBe(h.ctx.secrets.digest(apiKey));
    expect(row.lookupDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secretEnc).not.toContain(random);
    expect(h.ctx.secrets.decrypt(row.secretEnc)).toBe(apiKey);
    // The hint keeps only 4 characters of the random part: not enough to guess the key.
    expect(row.hint).toBe(`${apiKey.slice(0, 12)}…`);
  });

  it('finds active keys and refuses revoked and unknown ones', async () => {
    const { row, apiKey } = await createApiKey(h.ctx.db, h.ctx.secrets, { mode: 'test' }, h.clock.now());
    expect((await h.ctx.keyCache.find(apiKey))?.id).toBe(row.id);
    expect(await h.ctx.keyCache.find(`${apiKey.slice(0, -1)}x`)).toBeNull();
    expect(await h.ctx.keyCache.find('sk_test_short')).toBeNull();
    await revokeApiKey(h.ctx.db, row.id, h.clock.now());
    h.ctx.keyCache.invalidate();
    expect(await h.ctx.keyCache.find(apiKey)).toBeNull();
    const rows = await h.ctx.db.select().from(apiKeys);
    expect(rows.find((r) => r.id === row.id)?.revokedAt).toEqual(h.clock.now());
  });
});
