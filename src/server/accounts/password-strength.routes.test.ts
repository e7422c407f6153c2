import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { checkPasswordStrength, emailInputs } from './password-strength';

// A new password is judged by a strength estimator with common-password and word lists
// (zxcvbn-ts), not only by its length: `aaaaaaaaaaaa` is twelve characters and worthless.
let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

async function link(email: string) {
  const made = await h.request('POST', '/api/admin/users', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { email, role: 'reviewer' } });
  return new URL(made.body.data.signInUrl).hash.replace('#token=', '');
}

describe('password strength', () => {
  it('refuses repeated, common and keyboard-walk passwords of full length; accepts a passphrase', () => {
    for (const weak of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiop12', '123456789012', 'iloveyou1234']) {
      const res = checkPasswordStrength(weak, []);
      expect(res.ok, weak).toBe(false);
    }
    expect(checkPasswordStrength('correct horse battery staple', []).ok).toBe(true);
    expect(checkPasswordStrength('RamirezGloria1', emailInputs('gloria.ramirez@example.com')).ok).toBe(false);
  });

  it('refuses aaaaaaaaaaaa at set-password with a clear message in the envelope; the link stays usable', async () => {
    const token = await link('weak@example.com');
    const res = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'aaaaaaaaaaaa' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, code: 400, error: { code: 'weak_password' } });
    expect(res.body.message).toMatch(/too easy to guess/i);
    expect(res.body.error.warning).toMatch(/repeated/i);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'a long enough passphrase' } })).status).toBe(200);
  });
});
