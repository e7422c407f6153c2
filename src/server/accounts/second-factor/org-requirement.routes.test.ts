import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, signedInMember } from '../../dashboard/dashboard.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { THROTTLE_AFTER_FAILURES, THROTTLE_MS } from '../sign-in-throttle';
import { createSignInLink } from '../sign-in-links';
import { codeAt, confirmed, cookieNamed, memberWithTotp, PASSWORD, passwordStep, secondStep } from './second-factor.testkit';

// The owner's rule (every member needs a second factor) and the guards around factors: the
// owner cannot turn it on without one; members without one may only enrol; wrong codes are
// throttled like wrong passwords; a one-time link does not get past the second factor.
let h: Harness;
const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

describe('organisation second-factor requirement', () => {
  it('only an owner with a factor of their own turns it on; members without one may then only enrol', async () => {
    const org = (await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Initech' } })).body.data.id as string;
    const owner = await signedInMember(h, 'owner@initech.test', 'owner', org);
    const admin1 = await signedInMember(h, 'admin@initech.test', 'admin', org);
    const reviewer = await signedInMember(h, 'rev@initech.test', 'reviewer', org);
    expect((await asMember(h, owner, 'PATCH', '/org/security', { requireSecondFactor: true })).body.error.code).toBe('own_second_factor_missing');
    expect((await asMember(h, admin1, 'PATCH', '/org/security', { requireSecondFactor: true })).body.error.code).toBe('forbidden');

    const start = await asMember(h, await confirmed(h, owner), 'POST', '/security/totp');
    await asMember(h, owner, 'POST', '/security/totp/confirm', { code: codeAt(h, start.body.data.secret) });
    const on = await asMember(h, owner, 'PATCH', '/org/security', { requireSecondFactor: true });
    expect(on.status).toBe(200);

    // The sessions opened with a password alone have ended; the owner's own one goes on.
    expect((await asMember(h, reviewer, 'GET', '/me')).status).toBe(401);
    expect((await asMember(h, admin1, 'GET', '/me')).status).toBe(401);
    expect((await asMember(h, owner, 'GET', '/me')).status).toBe(200);
    const signInAgain = async (email: string) => {
      const res = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email, password: PASSWORD } });
      return { cookie: `idv_session=${cookieNamed(res, 'idv_session')}`, csrf: res.body.data.csrfToken as string, me: res.body.data };
    };
    const reviewerAgain = await signInAgain('rev@initech.test');
    const adminAgain = await signInAgain('admin@initech.test');

    const blocked = await asMember(h, reviewerAgain, 'GET', '/verifications');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('second_factor_required');
    expect((await asMember(h, adminAgain, 'GET', '/team')).body.error.code).toBe('second_factor_required');
    const me = await asMember(h, reviewerAgain, 'GET', '/me');
    expect(me.body.data.secondFactor).toEqual({ enrolled: false, required: true, unseenWrongCodes: 0 });
    expect((await asMember(h, reviewerAgain, 'GET', '/security')).body.data.orgRequiresSecondFactor).toBe(true);
    expect((await asMember(h, owner, 'GET', '/team')).status).toBe(200);

    const own = await asMember(h, await confirmed(h, reviewerAgain), 'POST', '/security/totp');
    expect((await asMember(h, reviewerAgain, 'POST', '/security/totp/confirm', { code: codeAt(h, own.body.data.secret) })).status).toBe(200);
    expect((await asMember(h, reviewerAgain, 'GET', '/verifications')).status).toBe(200);

    // The last factor cannot go while the rule holds.
    const factorId = (await asMember(h, reviewerAgain, 'GET', '/security')).body.data.factors[0].id as string;
    expect((await asMember(h, reviewerAgain, 'POST', `/security/factors/${factorId}/remove`, { password: PASSWORD })).body.error.code).toBe('last_factor_required');
    const audit = (await asMember(h, owner, 'GET', '/audit')).body.data as Array<{ action: string; detail: unknown }>;
    expect(audit.find((a) => a.action === 'org.second_factor_requirement')?.detail).toEqual({ required: true, membersSignedOut: 2 });

    expect((await asMember(h, owner, 'PATCH', '/org/security', { requireSecondFactor: false })).status).toBe(200);
    expect((await asMember(h, adminAgain, 'GET', '/team')).status).toBe(200);
  });

  it('wrong second-factor answers close sign-in for that e-mail and address like wrong passwords', async () => {
    const m = await memberWithTotp(h, 'fay@example.com');
    const { cookie } = await passwordStep(h, 'fay@example.com');
    const good = codeAt(h, m.secret);
    const wrong = good === '123456' ? '654321' : '123456';
    const codes: string[] = [];
    for (let i = 0; i < THROTTLE_AFTER_FAILURES + 1; i += 1) codes.push((await secondStep(h, cookie, { method: 'totp', code: wrong })).body.error.code);
    // The fifth wrong answer closes the pending sign-in (and this address's door for the e-mail).
    expect(codes).toEqual(['wrong_second_factor', 'wrong_second_factor', 'wrong_second_factor', 'wrong_second_factor', 'sign_in_closed', 'sign_in_expired']);
    expect((await passwordStep(h, 'fay@example.com')).res.body.error.code).toBe('locked');
    h.clock.advance(THROTTLE_MS);
    const again = await passwordStep(h, 'fay@example.com');
    expect((await secondStep(h, again.cookie, { method: 'totp', code: codeAt(h, m.secret) })).status).toBe(200);
  });

  it('a one-time link sets the password but a member with a factor must still answer it', async () => {
    const m = await memberWithTotp(h, 'gus@example.com');
    // A new link for this member (as a leaked or re-issued one would be).
    const link = await createSignInLink(h.ctx.db, h.ctx.secrets, m.me.member.id, h.ctx.settings.publicUrl, h.clock.now());
    const token = new URL(link).hash.replace('#token=', '');
    const res = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'gus sets another long passphrase' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pending: true, methods: ['totp', 'recovery'] });
    expect(cookieNamed(res, 'idv_session')).toBeNull();
    // Earlier sessions ended with the password change.
    expect((await asMember(h, m, 'GET', '/me')).status).toBe(401);
    const pending = `idv_pending=${cookieNamed(res, 'idv_pending')}`;
    expect((await secondStep(h, pending, { method: 'totp', code: codeAt(h, m.secret) })).status).toBe(200);
  });

  it('removing a factor asks for the password or a code; the last one takes the recovery codes with it', async () => {
    const m = await memberWithTotp(h, 'jo@example.com');
    const id = (await asMember(h, m, 'GET', '/security')).body.data.factors[0].id as string;
    expect((await asMember(h, m, 'POST', `/security/factors/${id}/remove`, { password: 'not the password' })).body.error.code).toBe('wrong_confirmation');
    expect((await asMember(h, m, 'POST', `/security/factors/${id}/remove`, { code: codeAt(h, m.secret) })).status).toBe(200);
    expect((await asMember(h, m, 'GET', '/security')).body.data).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    const { res } = await passwordStep(h, 'jo@example.com');
    expect(res.body.data.member.email).toBe('jo@example.com');
  });
});
