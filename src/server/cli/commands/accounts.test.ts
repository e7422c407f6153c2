import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from '../cli-test-server';
import { memberWithTotp, passwordStep } from '../../accounts/second-factor/second-factor.testkit';
import { asMember } from '../../dashboard/dashboard.testkit';

describe('idv orgs and idv users (against the real server)', () => {
  let s: CliServer;
  beforeAll(async () => { s = await startCliServer(); });
  afterAll(async () => { await s.close(); });

  it('orgs create and list; users create --json prints exactly the member and a working one-time link', async () => {
    const org = JSON.parse((await s.idv(['orgs', 'create', '--name', 'Globex', '--json'])).stdout);
    expect(org).toMatchObject({ id: expect.stringMatching(/^org_/), name: 'Globex' });
    const list = await s.idv(['orgs', 'list']);
    expect(list.stdout).toMatch(/^ID\s+NAME\s+CREATED/);
    expect(list.stdout).toContain('org_default');
    expect(list.stdout).toContain('Globex');

    const r = await s.idv(['users', 'create', '--email', 'Rev@Globex.test', '--role', 'reviewer', '--org', org.id, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['id', 'email', 'role', 'orgId', 'signInUrl']);
    expect(out).toMatchObject({ email: 'rev@globex.test', role: 'reviewer', orgId: org.id });
    const token = new URL(out.signInUrl).hash.replace('#token=', '');
    const set = await s.h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'twelve chars or more' } });
    expect(set.body.data).toMatchObject({ member: { email: 'rev@globex.test' }, org: { name: 'Globex' }, abilities: { review: true, developers: false } });

    const human = await s.idv(['users', 'create', '--email', 'dev@example.test', '--role', 'developer']);
    expect(human.stdout).toMatch(/One-time sign-in link/);
    expect(human.stdout).toMatch(/\/dashboard\/set-password#token=/);
  });

  it('refuses a bad role or e-mail (exit 2), an unknown organisation and a taken e-mail (exit 1); keys take --org', async () => {
    expect((await s.idv(['users', 'create', '--email', 'x@y.test', '--role', 'boss'])).code).toBe(2);
    expect((await s.idv(['users', 'create', '--email', 'nope', '--role', 'owner'])).code).toBe(2);
    const unknown = await s.idv(['users', 'create', '--email', 'x@y.test', '--role', 'owner', '--org', 'org_nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Organisation not found/);
    await s.idv(['users', 'create', '--email', 'twice@y.test', '--role', 'owner']);
    expect((await s.idv(['users', 'create', '--email', 'twice@y.test', '--role', 'owner'])).stderr).toMatch(/already exists/);

    const org = JSON.parse((await s.idv(['orgs', 'create', '--name', 'Initech', '--json'])).stdout);
    const key = JSON.parse((await s.idv(['keys', 'create', '--mode', 'test', '--org', org.id, '--events-url', 'http://127.0.0.1:9/e', '--decision-url', 'http://127.0.0.1:9/d', '--json'])).stdout);
    expect(JSON.parse((await s.idv(['keys', 'show', key.id, '--json'])).stdout).orgId).toBe(org.id);
    expect((await s.idv(['keys', 'create', '--mode', 'test', '--org', 'org_nope', '--events-url', 'http://127.0.0.1:9/e', '--decision-url', 'http://127.0.0.1:9/d'])).code).toBe(1);
  });

  it('users reset-second-factor removes a locked-out member\'s factors and recovery codes, audited as the operator', async () => {
    const m = await memberWithTotp(s.h, 'lost@phone.test', 'owner');
    expect((await passwordStep(s.h, 'lost@phone.test')).res.body.data.pending).toBe(true);
    const r = await s.idv(['users', 'reset-second-factor', '--email', 'LOST@phone.test', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: m.me.member.id, email: 'lost@phone.test', factorsRemoved: 1 });
    const { res } = await passwordStep(s.h, 'lost@phone.test');
    expect(res.body.data.member.email).toBe('lost@phone.test');
    const log = await asMember(s.h, m, 'GET', '/audit');
    expect(log.body.data.find((e: { action: string }) => e.action === 'second_factor.reset')).toMatchObject({ actorEmail: 'operator', detail: { factorsRemoved: 1 } });
    expect((await s.idv(['users', 'reset-second-factor', '--email', 'nobody@phone.test'])).code).toBe(1);
    expect((await s.idv(['users', 'reset-second-factor', '--email', 'nope'])).code).toBe(2);
  });
});
