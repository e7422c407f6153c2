import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '../../contract/accounts';
import { createHarness, type Harness } from '../testing/harness';
import { LOCK_MS } from './sign-in';

// Dashboard sign-in: the operator creates members (one-time link), the link sets a password and
// signs in (HttpOnly SameSite=Strict cookie), changes need the CSRF token, wrong passwords lock.
let h: Harness;
const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });

beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

async function newMember(email: string, role = 'reviewer', orgId?: string) {
  const res = await h.request('POST', '/api/admin/users', { headers: admin(), body: { email, role, ...(orgId ? { orgId } : {}) } });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; signInUrl: string; orgId: string };
}
const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');
const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie')!.split(';')[0]!;

async function activate(email: string, password = 'a long enough passphrase', role = 'reviewer') {
  const m = await newMember(email, role);
  const res = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(m.signInUrl), password } });
  expect(res.status).toBe(200);
  return { cookie: cookieOf(res), me: meSchema.parse(res.body.data) };
}

describe('dashboard accounts', () => {
  it('creates a member with a one-time link that sets a password and signs in with a strict cookie', async () => {
    const m = await newMember('Ada@Example.com', 'owner');
    expect(m.orgId).toBe('org_default');
    expect(m.signInUrl).toMatch(/^http:\/\/idv\.test\/dashboard\/set-password#token=[\w-]{43}$/);
    const short = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(m.signInUrl), password: 'too short' } });
    expect(short.status).toBe(400);
    const res = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(m.signInUrl), password: 'correct horse battery staple' } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^idv_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const me = meSchema.parse(res.body.data);
    expect(me).toMatchObject({ member: { email: 'ada@example.com', role: 'owner', active: true }, org: { id: 'org_default' }, abilities: { review: true, developers: true, team: true } });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt/);
    // The link works once.
    const again = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(m.signInUrl), password: 'another long password' } });
    expect(again.body.error.code).toBe('link_invalid');
    const meRes = await h.request('GET', '/api/dashboard/me', { headers: { cookie: cookieOf(res) } });
    expect(meRes.status).toBe(200);
    expect(meRes.headers.get('cache-control')).toBe('no-store');
  });

  it('signs in with e-mail and password; a wrong password is refused the same way as an unknown e-mail', async () => {
    await activate('bea@example.com', 'bea has a long password');
    const good = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'BEA@example.com', password: 'bea has a long password' } });
    expect(good.status).toBe(200);
    const wrong = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'bea@example.com', password: 'not her password' } });
    const unknown = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'nobody@example.com', password: 'not her password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect((await h.request('GET', '/api/dashboard/me')).body.error.code).toBe('not_signed_in');
    expect((await h.request('GET', '/api/dashboard/me', { headers: { cookie: 'idv_session=forged-forged-forged-forged' } })).status).toBe(401);
  });

  it('locks the account after five wrong passwords, even for the right one, until the lock ends', async () => {
    await activate('cy@example.com', 'cy has a long password');
    for (let i = 0; i < 4; i++) {
      expect((await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'cy@example.com', password: `wrong ${i}` } })).status).toBe(401);
    }
    const locked = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'cy@example.com', password: 'wrong 5' } });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe(String(LOCK_MS / 1000));
    const right = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'cy@example.com', password: 'cy has a long password' } });
    expect(right.body.error.code).toBe('locked');
    h.clock.advance(LOCK_MS + 1000);
    expect((await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'cy@example.com', password: 'cy has a long password' } })).status).toBe(200);
  });

  it('refuses a change without the CSRF token; sign-out with it ends the session', async () => {
    const { cookie, me } = await activate('dee@example.com');
    const noToken = await h.request('POST', '/api/dashboard/auth/sign-out', { headers: { cookie } });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.code).toBe('csrf');
    const wrongToken = await h.request('POST', '/api/dashboard/auth/sign-out', { headers: { cookie, 'x-csrf-token': 'f'.repeat(64) } });
    expect(wrongToken.status).toBe(403);
    expect((await h.request('GET', '/api/dashboard/me', { headers: { cookie } })).status).toBe(200);
    const out = await h.request('POST', '/api/dashboard/auth/sign-out', { headers: { cookie, 'x-csrf-token': me.csrfToken } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/idv_session=;/);
    expect((await h.request('GET', '/api/dashboard/me', { headers: { cookie } })).status).toBe(401);
  });

  it('organisations: created and listed by the operator; a member joins one; an accepted e-mail is unique', async () => {
    const org = await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Globex' } });
    expect(org.body.data).toMatchObject({ id: expect.stringMatching(/^org_[0-9a-f]{16}$/), name: 'Globex' });
    const list = await h.request('GET', '/api/admin/orgs', { headers: admin() });
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual(['org_default', org.body.data.id]);
    const m = await newMember('eve@globex.test', 'admin', org.body.data.id);
    expect(m.orgId).toBe(org.body.data.id);
    // The same organisation's pending invitation blocks a second one; another's does not (it
    // does not hold the address): the operator invites it to org_default too.
    const sameOrg = await h.request('POST', '/api/admin/users', { headers: admin(), body: { email: 'eve@globex.test', role: 'reviewer', orgId: org.body.data.id } });
    expect([sameOrg.status, sameOrg.body.error?.code]).toEqual([409, 'email_taken']);
    const elsewhere = await newMember('EVE@globex.test', 'reviewer');
    expect(elsewhere.orgId).toBe('org_default');
    // Once accepted, the address is held: the operator (who sees every organisation) is refused.
    expect((await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(m.signInUrl), password: 'eve has a long passphrase' } })).status).toBe(200);
    const other = await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Initech' } });
    const dup = await h.request('POST', '/api/admin/users', { headers: admin(), body: { email: 'EVE@globex.test', role: 'reviewer', orgId: other.body.data.id } });
    expect([dup.status, dup.body.error?.code]).toEqual([409, 'email_taken']);
    const noOrg = await h.request('POST', '/api/admin/users', { headers: admin(), body: { email: 'x@y.test', role: 'reviewer', orgId: 'org_nope' } });
    expect(noOrg.body.error.code).toBe('org_not_found');
    expect((await h.request('POST', '/api/admin/users', { body: { email: 'x@y.test', role: 'owner' } })).status).toBe(401);
    expect((await h.request('POST', '/api/admin/users', { headers: admin(), body: { email: 'not-an-email', role: 'owner' } })).status).toBe(400);
  });
});
