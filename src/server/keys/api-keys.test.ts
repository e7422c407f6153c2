import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { createApiKey, keysEqual } from './api-keys';
import { revokeApiKey } from './key-admin';

/** The same key with its last character replaced by a different one. */
const lastCharChanged = (k: string) => `${k.slice(0, -1)}${k.endsWith('A') ? 'B' : 'A'}`;

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
    expect(await h.ctx.keyCache.find(lastCharChanged(apiKey))).toBeNull();
    expect(await h.ctx.keyCache.find('sk_test_short')).toBeNull();
    await revokeApiKey(h.ctx.db, row.id, h.clock.now());
    h.ctx.keyCache.invalidate();
    expect(await h.ctx.keyCache.find(apiKey)).toBeNull();
    const rows = await h.ctx.db.select().from(apiKeys);
    expect(rows.find((r) => r.id === row.id)?.revokedAt).toEqual(h.clock.now());
  });

  it('refuses a key whose stored value differs, even when the lookup digest matches', async () => {
    const { row, apiKey } = await createApiKey(h.ctx.db, h.ctx.secrets, { mode: 'test' }, h.clock.now());
    const storeAs = async (secretEnc: string) => {
      await h.ctx.db.update(apiKeys).set({ secretEnc }).where(eq(apiKeys.id, row.id));
      h.ctx.keyCache.invalidate();
    };
    // The row is found by the digest of `apiKey`, but holds another key: the comparison decides.
    await storeAs(h.ctx.secrets.encrypt(lastCharChanged(apiKey)));
    expect(await h.ctx.keyCache.find(apiKey)).toBeNull();
    await storeAs(h.ctx.secrets.encrypt(`${apiKey}A`)); // longer: not equal, no throw
    expect(await h.ctx.keyCache.find(apiKey)).toBeNull();
    await storeAs(h.ctx.secrets.encrypt(apiKey.slice(0, -1))); // shorter
    expect(await h.ctx.keyCache.find(apiKey)).toBeNull();
    await storeAs('not a sealed value');
    expect(await h.ctx.keyCache.find(apiKey)).toBeNull();
    await storeAs(h.ctx.secrets.encrypt(apiKey));
    expect((await h.ctx.keyCache.find(apiKey))?.id).toBe(row.id);
    // Served from the cache now, and still compared: a near miss is refused.
    expect((await h.ctx.keyCache.find(apiKey))?.id).toBe(row.id);
    expect(await h.ctx.keyCache.find(lastCharChanged(apiKey))).toBeNull();
  });
});

describe('keysEqual', () => {
  it('is true only for identical bytes and never throws on a length mismatch', () => {
    const k = Buffer.from('sk_test_abcdefghijklmnopqrstuvwxyz');
    expect(keysEqual(k, Buffer.from('sk_test_abcdefghijklmnopqrstuvwxyz'))).toBe(true);
    expect(keysEqual(k, Buffer.from('sk_test_abcdefghijklmnopqrstuvwxyZ'))).toBe(false);
    expect(keysEqual(k, Buffer.from('sk_test_abcdefghijklmnopqrstuvwxy'))).toBe(false);
    expect(keysEqual(k, Buffer.from('sk_test_abcdefghijklmnopqrstuvwxyzz'))).toBe(false);
    expect(keysEqual(k, Buffer.alloc(0))).toBe(false);
  });
});
