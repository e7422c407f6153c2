import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from './cli-test-server';

describe('idv keys (against the real server)', () => {
  let s: CliServer;
  beforeAll(async () => { s = await startCliServer(); });
  afterAll(async () => { await s.close(); });

  const verify = (apiKey: string) => s.h.request('POST', '/api/v1/verifications', { key: apiKey, body: {} });

  it('keys create --json prints exactly {id, apiKey, mode}', async () => {
    const r = await s.idv(['keys', 'create', '--mode', 'live', '--events-url', 'https://shop.example/e',
      '--decision-url', 'https://shop.example/d', '--origin', 'https://shop.example', '--origin', 'https://app.shop.example',
      '--name', 'Shop', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['id', 'apiKey', 'mode']);
    expect(out).toMatchObject({ id: expect.stringMatching(/^key_/), apiKey: expect.stringMatching(/^sk_live_/), mode: 'live' });
    const show = JSON.parse((await s.idv(['keys', 'show', out.id, '--json'])).stdout);
    expect(show).toMatchObject({
      name: 'Shop', eventsUrl: 'https://shop.example/e', decisionUrl: 'https://shop.example/d',
      origins: ['https://shop.example', 'https://app.shop.example'],
    });
    expect((await verify(out.apiKey)).status).toBe(200);
  });

  it('keys create prints the key once with a working curl example', async () => {
    const r = await s.idv(['keys', 'create', '--mode', 'test', '--events-url', 'http://127.0.0.1:9/e',
      '--decision-url', 'http://127.0.0.1:9/d', '--brand-name', 'Shop', '--accent', '#112233', '--privacy-url', 'https://shop.example/p']);
    expect(r.code).toBe(0);
    const key = /^\s+(sk_test_\S+)$/m.exec(r.stdout)?.[1];
    expect(key).toBeDefined();
    expect(r.stdout).toMatch(/Created test key key_\w+/);
    expect(r.stdout).toMatch(/shown only this once/);
    expect(r.stdout).toContain(`curl -sS -X POST '${s.url}/api/v1/verifications'`);
    expect(r.stdout).toContain(`-H 'x-api-key: ${key}'`);
    expect((await verify(key!)).status).toBe(200);
    const list = JSON.parse((await s.idv(['keys', 'list', '--json'])).stdout);
    expect(list.find((k: { hint: string }) => key!.startsWith(k.hint.slice(0, -1))).branding)
      .toEqual({ name: 'Shop', accentColor: '#112233', privacyPolicyUrl: 'https://shop.example/p' });
  });

  it('keys list shows a table without the keys', async () => {
    const created = JSON.parse((await s.idv(['keys', 'create', '--mode', 'test', '--events-url', 'https://x.example/e',
      '--decision-url', 'https://x.example/d', '--name', 'table me', '--json'])).stdout);
    const r = await s.idv(['keys', 'list']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+MODE\s+NAME\s+KEY\s+STATE\s+EVENTS URL\s+DECISION URL\s+ORIGINS\s+CREATED$/);
    const row = lines.find((l) => l.startsWith(created.id));
    expect(row).toMatch(/test\s+table me\s+sk_test_\S{4}…\s+active\s+https:\/\/x\.example\/e\s+https:\/\/x\.example\/d\s+-\s+2026-01-05 10:00:00Z/);
    expect(r.stdout).not.toContain(created.apiKey);
  });

  it('keys update changes URLs and origins; an empty value clears', async () => {
    const { id } = JSON.parse((await s.idv(['keys', 'create', '--mode', 'test', '--events-url', 'https://x.example/e',
      '--decision-url', 'https://x.example/d', '--json'])).stdout);
    const r = await s.idv(['keys', 'update', id, '--events-url', 'https://y.example/e', '--origin', 'https://y.example/', '--name', 'renamed']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Updated ${id}.`);
    expect(r.stdout).toMatch(/events url:\s+https:\/\/y\.example\/e/);
    expect(r.stdout).toMatch(/origins:\s+https:\/\/y\.example$/m);
    const cleared = await s.idv(['keys', 'update', id, '--decision-url', '', '--clear-origins', '--json']);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ eventsUrl: 'https://y.example/e', decisionUrl: null, origins: [], name: 'renamed' });
  });

  it('keys create|update --liveness-rounds sets the rounds of liveness tries; "" is the default again; out of range is refused', async () => {
    const { id } = JSON.parse((await s.idv(['keys', 'create', '--mode', 'test', '--events-url', 'https://x.example/e',
      '--decision-url', 'https://x.example/d', '--liveness-rounds', '2', '--json'])).stdout);
    const shown = await s.idv(['keys', 'update', id, '--liveness-rounds', '5']);
    expect(shown.stdout).toMatch(/liveness rounds:\s+5/);
    expect(JSON.parse((await s.idv(['keys', 'update', id, '--liveness-rounds', '', '--json'])).stdout)).toMatchObject({ livenessMaxRounds: null });
    const refused = await s.idv(['keys', 'update', id, '--liveness-rounds', '11']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('livenessMaxRounds');
  });

  it('keys revoke: the key gets 401 afterwards', async () => {
    const { id, apiKey } = JSON.parse((await s.idv(['keys', 'create', '--mode', 'test', '--events-url', 'https://x.example/e',
      '--decision-url', 'https://x.example/d', '--json'])).stdout);
    expect((await verify(apiKey)).status).toBe(200);
    const r = await s.idv(['keys', 'revoke', id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Revoked ${id} \\(sk_test_\\S{4}…\\) at 2026-01-05 10:00:00Z\\.`));
    expect((await verify(apiKey)).status).toBe(401);
    const list = await s.idv(['keys', 'list']);
    expect(list.stdout.split('\n').find((l) => l.startsWith(id))).toMatch(/\brevoked\b/);
  });

  it('usage errors exit 2 and name the flag', async () => {
    const cases: [string[], RegExp][] = [
      [['keys', 'create', '--mode', 'test', '--decision-url', 'https://x.example/d'], /missing --events-url/],
      [['keys', 'create', '--mode', 'prod', '--events-url', 'https://x.example/e', '--decision-url', 'https://x.example/d'], /--mode must be one of test, live/],
      [['keys', 'create', '--mode', 'test', '--events-url', 'not a url', '--decision-url', 'https://x.example/d'], /--events-url: must be an http\(s\) URL/],
      [['keys', 'create', '--mode', 'test', '--events-url', 'https://x.example/e', '--decision-url', 'https://x.example/d', '--origin', 'https://x.example/path'], /--origin: must be an origin/],
      [['keys', 'create', '--mode', 'test', '--events-url', 'https://x.example/e', '--decision-url', 'https://x.example/d', '--accent', 'blue'], /--accent: must be a colour/],
      [['keys', 'update', 'key_x'], /nothing to update/],
      [['keys', 'revoke'], /missing ID/],
      [['keys', 'list', '--bogus'], /Unknown option '--bogus'/],
      [['keys', 'frobnicate'], /unknown command 'keys frobnicate'/],
      [['nope'], /unknown command 'nope'/],
      [[], /missing command/],
    ];
    for (const [args, message] of cases) {
      const r = await s.idv(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('an unknown key id fails with exit 1 and the server message', async () => {
    const r = await s.idv(['keys', 'revoke', 'key_missing']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: API key not found\n');
  });

  it('help: global, per group and per command, exit 0', async () => {
    const g = await s.idv(['--help']);
    expect(g.code).toBe(0);
    expect(g.stdout).toMatch(/keys create\s+create an API key/);
    expect(g.stdout).toMatch(/webhooks redeliver/);
    const grp = await s.idv(['keys', '--help']);
    expect(grp.code).toBe(0);
    expect(grp.stdout).toMatch(/keys revoke/);
    const c = await s.idv(['keys', 'create', '--help']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('Usage: npm run idv -- keys create --mode test|live [--org ID] --events-url URL --decision-url URL [--origin ORIGIN]…');
    expect(c.stdout).toMatch(/--origin ORIGIN\s+origin allowed to embed the hosted flow.*\(repeatable\)/);
    expect(c.stdout).toMatch(/--json\s+print machine-readable JSON only/);
  });

  it('server down: a clear message and exit 1', async () => {
    const r = await s.idv(['keys', 'list'], { IDV_URL: 'http://127.0.0.1:1' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: cannot reach the server at http://127.0.0.1:1: is `npm start` running?\n');
  });

  it('--url wins over IDV_URL, and a pasted base_url (…/api/) works', async () => {
    const r = await s.idv(['--url', `${s.url}/api/`, 'keys', 'list', '--json'], { IDV_URL: 'http://127.0.0.1:1' });
    expect(r.code).toBe(0);
    expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);
  });

  it('a wrong admin token: "admin token rejected", exit 1', async () => {
    const r = await s.idv(['keys', 'list'], { IDV_ADMIN_TOKEN: 'x'.repeat(40) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: admin token rejected by http:\/\/127\.0\.0\.1:\d+/);
  });

  it('no token anywhere: says where it looked', async () => {
    const r = await s.idv(['keys', 'list'], { DATA_DIR: '/nonexistent-idv-dir' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no admin token: set IDV_ADMIN_TOKEN or start the server once \(it writes \/nonexistent-idv-dir\/admin-token\)/);
  });
});
