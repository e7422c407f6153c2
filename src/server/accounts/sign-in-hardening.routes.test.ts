import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { LOCK_MS } from './sign-in';

// Sign-in hardening: a cross-site form cannot sign a browser into another account (login CSRF);
// wrong passwords are throttled per e-mail and client address, the same for an unknown e-mail as
// for a real one (no enumeration), and a stranger's failures do not lock the owner out.
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN_PER_ADDRESS: '0' });
  const made = await h.request('POST', '/api/admin/users', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { email: 'ada@example.com', role: 'owner' } });
  const token = new URL(made.body.data.signInUrl).hash.replace('#token=', '');
  expect((await h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'ada has a long passphrase' } })).status).toBe(200);
});
afterAll(async () => { await h.close(); });

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  h.request('POST', '/api/dashboard/auth/sign-in', { body: { email, password }, headers });
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('sign-in hardening', () => {
  it('refuses a cross-site sign-in (login CSRF) and accepts a same-origin one', async () => {
    const crossSite: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of crossSite) {
      const res = await signIn('ada@example.com', 'ada has a long passphrase', { ...headers, ...from('198.51.100.1') });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.code).toBe('csrf');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const setPassword = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: 'x', password: 'whatever long enough' }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(setPassword.status).toBe(403);
    expect((await signIn('ada@example.com', 'ada has a long passphrase', { 'sec-fetch-site': 'same-origin', origin: 'http://idv.test', ...from('198.51.100.1') })).status).toBe(200);
  });

  it('answers an unknown e-mail exactly like a real one, wrong passwords and throttle alike', async () => {
    const answers = async (email: string, ip: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await signIn(email, `wrong password ${i}`, from(ip));
        out.push({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') });
      }
      return out;
    };
    h.clock.advance(LOCK_MS - (h.clock.now().getTime() % LOCK_MS));
    const real = await answers('ada@example.com', '203.0.113.10');
    const unknown = await answers('nobody@example.com', '203.0.113.11');
    expect(unknown).toEqual(real);
    expect(real.map((a) => (a as { status: number }).status)).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('a stranger\'s wrong passwords do not lock the owner out from their own address', async () => {
    h.clock.advance(LOCK_MS);
    for (let i = 0; i < 8; i += 1) await signIn('ada@example.com', `guess ${i}`, from('203.0.113.66'));
    expect((await signIn('ada@example.com', 'ada has a long passphrase', from('203.0.113.66'))).status).toBe(429);
    expect((await signIn('ada@example.com', 'ada has a long passphrase', from('192.0.2.5'))).status).toBe(200);
    h.clock.advance(LOCK_MS);
    expect((await signIn('ada@example.com', 'ada has a long passphrase', from('203.0.113.66'))).status).toBe(200);
  });
});
