import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_KEY_NAME, firstStart } from './first-start';
import { listApiKeys } from './keys/key-admin';
import type { Logger } from './lib/logger';
import { createHarness, type Harness } from './testing/harness';

describe('first start', () => {
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
    const res = await firstStart(h.ctx, { print: (t) => printed.push(t) });
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
    const res = await firstStart(h.ctx, { print: (t) => printed.push(t) });
    expect(res.createdKey).toBeNull();
    expect(printed).toEqual([]);
    expect(await listApiKeys(h.ctx.db)).toHaveLength(1);
  });
});
