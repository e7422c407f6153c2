import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_KEY_COMMAND, FIRST_KEY_NAME, firstStart } from './first-start';
import { listApiKeys } from './keys/key-admin';
import type { Logger } from './lib/logger';
import { createHarness, type Harness } from './testing/harness';

describe('first start', () => {
  it('without a terminal creates no key, and the log names the command that makes one', async () => {
    const bare = await createHarness();
    const lines: string[] = [];
    bare.ctx.logger = { ...capture, info: (m, f) => lines.push(JSON.stringify([m, f])) };
    try {
      expect((await firstStart(bare.ctx, { terminal: null })).createdKey).toBeNull();
      expect(await listApiKeys(bare.ctx.db)).toEqual([]);
      expect(lines.join('\n')).toContain(CREATE_KEY_COMMAND);
      // The next start that has a terminal makes it.
      const printed: string[] = [];
      expect((await firstStart(bare.ctx, { terminal: (t) => printed.push(t) })).createdKey).not.toBeNull();
      expect(printed).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });

  let h: Harness;
  const logged: string[] = [];
  const capture: Logger = {
    debug: (m, f) => logged.push(JSON.stringify([m, f])),
    info: (m, f) => logged.push(JSON.stringify([m, f])),
    warn: (m, f) => logged.push(JSON.stringify([m, f])),
    error: (m, f) => logged.push(JSON.stringify([m, f])),
  };

  beforeAll(async () => {
    h = await createHarness();
    h.ctx.logger = capture;
  });
  afterAll(async () => { await h.close(); });

  it('with no keys, creates a test key without webhook URLs and prints it once with a curl example', async () => {
    const printed: string[] = [];
    const res = await firstStart(h.ctx, { terminal: (t) => printed.push(t) });
    expect(res.createdKey).not.toBeNull();
    const { id, apiKey } = res.createdKey!;
    expect(apiKey).toMatch(/^sk_test_/);

    const keys = await listApiKeys(h.ctx.db);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id, mode: 'test', name: FIRST_KEY_NAME, eventsUrl: null, decisionUrl: null, revokedAt: null });

    expect(printed).toHaveLength(1);
    const block = printed[0]!;
    expect(block).toContain(apiKey);
    expect(block).toMatch(/shown only this once/);
    expect(block).toContain("curl -sS -X POST 'http://idv.test/api/v1/verifications'");
    expect(block).toContain(`-H 'x-api-key: ${apiKey}'`);

    // The JSON logger never carries the key.
    expect(logged.join('\n')).not.toContain(apiKey.slice(8));
    expect(logged.join('\n')).toContain(id);

    // The printed example works against the real API.
    const created = await h.request('POST', '/api/v1/verifications', { key: apiKey, body: { vendorData: 'user-123' } });
    expect(created.status).toBe(200);
  });

  it('creates nothing and prints nothing once a key exists (revoked ones count too)', async () => {
    const [only] = await listApiKeys(h.ctx.db);
    await h.request('POST', `/api/admin/keys/${only!.id}/revoke`, { headers: { authorization: `Bearer ${h.ctx.adminToken}` } });
    const printed: string[] = [];
    const res = await firstStart(h.ctx, { terminal: (t) => printed.push(t) });
    expect(res.createdKey).toBeNull();
    expect(printed).toEqual([]);
    expect(await listApiKeys(h.ctx.db)).toHaveLength(1);
  });
});
