import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RISK_RULES } from '../../../contract/risk-rules';
import { startCliServer, type CliServer } from '../cli-test-server';

// Risk rules per key through `idv keys update` and the admin API it calls.
describe('idv keys update: risk rules, minimum age, embedding keep', () => {
  let s: CliServer;
  let id: string;
  beforeAll(async () => {
    s = await startCliServer();
    const r = await s.idv(['keys', 'create', '--mode', 'live', '--events-url', 'https://shop.example/e', '--decision-url', 'https://shop.example/d', '--json']);
    id = JSON.parse(r.stdout).id;
  });
  afterAll(async () => { await s.close(); });
  const show = async () => JSON.parse((await s.idv(['keys', 'show', id, '--json'])).stdout);

  it('a new key has every signal at its default, no minimum age, embeddings erased with the media', async () => {
    expect(await show()).toMatchObject({ riskRules: DEFAULT_RISK_RULES, minimumAge: null, embeddingRetentionDays: null });
  });

  it('sets rules signal by signal (the others keep theirs), the minimum age and the keep; shows only what differs', async () => {
    const r = await s.idv(['keys', 'update', id, '--risk', 'duplicate_face=decline', '--risk', 'name_unconfirmed=none', '--minimum-age', '18', '--embedding-retention-days', '365']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/risk rules: +duplicate_face=decline, name_unconfirmed=none/);
    expect(r.stdout).toMatch(/minimum age: +18/);
    expect(r.stdout).toMatch(/embeddings kept: +365 days/);
    await s.idv(['keys', 'update', id, '--risk', 'blocklist_hit=review']);
    expect((await show()).riskRules).toEqual({ ...DEFAULT_RISK_RULES, duplicate_face: 'decline', name_unconfirmed: 'none', blocklist_hit: 'review' });
  });

  it('refuses an unknown signal or action, a malformed pair or an age out of range (exit 2), and changes nothing', async () => {
    const before = await show();
    for (const args of [['--risk', 'duplicate_face=maybe'], ['--risk', 'telepathy=decline'], ['--risk', 'duplicate_face'], ['--minimum-age', '0'], ['--minimum-age', 'old'], ['--embedding-retention-days', '4000']]) {
      const r = await s.idv(['keys', 'update', id, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/--risk|--minimum-age|--embedding-retention-days/);
    }
    const admin = { authorization: `Bearer ${s.h.ctx.adminToken}` };
    const bad = await s.h.request('PATCH', `/api/admin/keys/${id}`, { headers: admin, body: { riskRules: { duplicate_face: 'maybe' } } });
    expect(bad.status).toBe(400);
    expect(await show()).toEqual(before);
  });

  it('"reset" puts every signal back to its default; "" clears the age and the keep', async () => {
    const r = await s.idv(['keys', 'update', id, '--risk', 'reset', '--minimum-age', '', '--embedding-retention-days', '']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/risk rules: +defaults/);
    expect(await show()).toMatchObject({ riskRules: DEFAULT_RISK_RULES, minimumAge: null, embeddingRetentionDays: null });
  });
});
