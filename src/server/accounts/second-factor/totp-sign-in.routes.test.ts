import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '../../../contract/accounts';
import { pendingSignInSchema, totpEnrolmentSchema } from '../../../contract/accounts-second-factor';
import { asMember, signedInMember } from '../../dashboard/dashboard.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { memberFactors } from '../../db/schema';
import { sweepExpired } from '../../jobs/expiry-sweeper';
import { PENDING_SIGN_IN_MS } from './challenges';
import { codeAt, confirmed, cookieNamed, memberWithTotp, passwordStep, secondStep } from './second-factor.testkit';

// TOTP and recovery codes: enrolment needs a right code; a member with a factor gets no
// session from the password alone but a pending sign-in (HttpOnly cookie, 5 minutes, once),
// completed by a code (±1 step, each step once) or a recovery code (each once).
let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

describe('TOTP second factor', () => {
  it('enrols only after a right code; the secret is stored sealed; recovery codes are shown once', async () => {
    const who = await confirmed(h, await signedInMember(h, 'ann@example.com', 'reviewer'));
    const start = totpEnrolmentSchema.parse((await asMember(h, who, 'POST', '/security/totp')).body.data);
    expect(start.uri).toMatch(/^otpauth:\/\/totp\/IDV%20dashboard:ann%40example\.com\?/);
    expect(start.uri).toContain(`secret=${start.secret}`);
    const [row] = await h.ctx.db.select().from(memberFactors);
    expect(row!.totpSecretEnc).not.toContain(start.secret);
    expect(h.ctx.secrets.decrypt(row!.totpSecretEnc!)).toBe(start.secret);
    expect((await asMember(h, who, 'GET', '/security')).body.data.factors).toEqual([]);
    const wrong = await asMember(h, who, 'POST', '/security/totp/confirm', { code: '000000' === codeAt(h, start.secret) ? '111111' : '000000' });
    expect(wrong.body.error.code).toBe('wrong_code');
    const ok = await asMember(h, who, 'POST', '/security/totp/confirm', { code: codeAt(h, start.secret) });
    expect(ok.body.data.recoveryCodes).toHaveLength(10);
    const security = (await asMember(h, who, 'GET', '/security')).body.data;
    expect(security).toMatchObject({ factors: [{ kind: 'totp' }], recoveryCodesLeft: 10, orgRequiresSecondFactor: false });
    expect((await asMember(h, who, 'GET', '/me')).body.data.secondFactor).toEqual({ enrolled: true, required: false, unseenWrongCodes: 0 });
  });

  it('password alone gives a pending sign-in, not a session; a code (±1 step) completes it once', async () => {
    const m = await memberWithTotp(h, 'bob@example.com');
    const { res, cookie } = await passwordStep(h, 'bob@example.com');
    expect(res.status).toBe(200);
    expect(pendingSignInSchema.parse(res.body.data).methods).toEqual(['totp', 'recovery']);
    expect(cookieNamed(res, 'idv_session')).toBeNull();
    expect(res.headers.get('set-cookie')).toMatch(/idv_pending=[\w-]{43};.*HttpOnly.*SameSite=Strict/);
    h.clock.advance(30_000); // the previous step is now one the enrolment did not use
    const done = await secondStep(h, cookie, { method: 'totp', code: codeAt(h, m.secret, -1) });
    expect(done.status).toBe(200);
    expect(meSchema.parse(done.body.data).member.email).toBe('bob@example.com');
    const session = cookieNamed(done, 'idv_session');
    expect((await h.request('GET', '/api/dashboard/me', { headers: { cookie: `idv_session=${session}` } })).status).toBe(200);
    // The pending sign-in is spent.
    expect((await secondStep(h, cookie, { method: 'totp', code: codeAt(h, m.secret, 1) })).body.error.code).toBe('sign_in_expired');
  });

  it('refuses a wrong code, a reused code and codes two steps away', async () => {
    const m = await memberWithTotp(h, 'cat@example.com');
    const code = codeAt(h, m.secret);
    const first = await passwordStep(h, 'cat@example.com');
    for (const steps of [-2, 2]) {
      const far = codeAt(h, m.secret, steps);
      if (far !== code) expect((await secondStep(h, first.cookie, { method: 'totp', code: far })).body.error.code).toBe('wrong_second_factor');
    }
    expect((await secondStep(h, first.cookie, { method: 'totp', code: 'abc' })).status).toBe(400);
    expect((await secondStep(h, first.cookie, { method: 'totp', code })).status).toBe(200);
    const again = await passwordStep(h, 'cat@example.com');
    const reuse = await secondStep(h, again.cookie, { method: 'totp', code });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('wrong_second_factor');
    // An earlier step than the one used is refused too.
    expect((await secondStep(h, again.cookie, { method: 'totp', code: codeAt(h, m.secret, -1) })).body.error.code).toBe('wrong_second_factor');
  });

  it('a recovery code works once, is audited, and is counted down', async () => {
    const m = await memberWithTotp(h, 'dan@example.com', 'owner');
    const code = m.recoveryCodes[0]!;
    const one = await passwordStep(h, 'dan@example.com');
    expect((await secondStep(h, one.cookie, { method: 'recovery', code: code.toUpperCase() })).status).toBe(200);
    const two = await passwordStep(h, 'dan@example.com');
    expect((await secondStep(h, two.cookie, { method: 'recovery', code })).body.error.code).toBe('wrong_second_factor');
    expect((await asMember(h, m, 'GET', '/security')).body.data.recoveryCodesLeft).toBe(9);
    const audit = (await asMember(h, m, 'GET', '/audit')).body.data as Array<{ action: string }>;
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['recovery_code.used', 'second_factor.enrolled', 'second_factor.failed']));
  });

  it('a pending sign-in expires after five minutes; without its cookie nothing happens', async () => {
    const m = await memberWithTotp(h, 'eve@example.com');
    const { cookie } = await passwordStep(h, 'eve@example.com');
    expect((await secondStep(h, '', { method: 'totp', code: codeAt(h, m.secret) })).body.error.code).toBe('sign_in_expired');
    expect((await secondStep(h, 'idv_pending=forged-forged-forged-forged-forged', { method: 'totp', code: codeAt(h, m.secret) })).body.error.code).toBe('sign_in_expired');
    h.clock.advance(PENDING_SIGN_IN_MS + 1);
    const late = await secondStep(h, cookie, { method: 'totp', code: codeAt(h, m.secret) });
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('sign_in_expired');
    // Expired challenges are swept with the other expired rows.
    expect((await sweepExpired(h.ctx)).secondFactorChallenges).toBeGreaterThan(0);
    expect((await sweepExpired(h.ctx)).secondFactorChallenges).toBe(0);
  });
});
