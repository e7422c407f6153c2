import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { asMember, signedInMember, type SignedIn } from '../../dashboard/dashboard.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { CONFIRMATION_FRESH_MS } from '../member-sessions';
import { codeAt, cookieNamed, memberWithTotp, PASSWORD, passwordStep, secondStep } from './second-factor.testkit';

// A session cookie alone (stolen, or a browser left open) cannot change the member's factors:
// adding one (which would lock the member out), new recovery codes and passkeys all need the
// password or an app code asked again within 10 minutes. Enrolling ends the other sessions.
let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

const sessionOf = (res: { headers: Headers; body: { data: { csrfToken: string } } }): SignedIn =>
  ({ cookie: `idv_session=${cookieNamed(res, 'idv_session')}`, csrf: res.body.data.csrfToken, me: res.body.data as never });

describe('factor changes need a fresh confirmation', () => {
  it('a session alone cannot add an authenticator or a passkey to a member who has none', async () => {
    const stolen = await signedInMember(h, 'nofactor@example.com', 'reviewer');
    for (const [path, body] of [['/security/totp', undefined], ['/security/passkeys/options', { name: 'Key' }], ['/security/totp/confirm', { code: '123456' }]] as const) {
      const res = await asMember(h, stolen, 'POST', path, body);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('confirmation_required');
    }
    expect((await asMember(h, stolen, 'GET', '/security')).body.data).toMatchObject({ factors: [], confirmedUntil: null });
    const wrong = await asMember(h, stolen, 'POST', '/security/confirm', { password: 'a guess at the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('wrong_confirmation');
    expect((await asMember(h, stolen, 'POST', '/security/totp')).body.error.code).toBe('confirmation_required');
    const rows = await h.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'member.confirm_failed'));
    expect(rows).toHaveLength(1);
  });

  it('the password opens factor changes for ten minutes, in this session only', async () => {
    const who = await signedInMember(h, 'owner-of-it@example.com', 'reviewer');
    const other = sessionOf((await passwordStep(h, 'owner-of-it@example.com')).res);
    const ok = await asMember(h, who, 'POST', '/security/confirm', { password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.data.confirmedUntil)).toBe(h.clock.now().getTime() + CONFIRMATION_FRESH_MS);
    expect((await asMember(h, other, 'POST', '/security/totp')).body.error.code).toBe('confirmation_required');
    expect((await asMember(h, who, 'POST', '/security/totp')).status).toBe(200);
    h.clock.advance(CONFIRMATION_FRESH_MS + 1000);
    expect((await asMember(h, who, 'POST', '/security/totp')).body.error.code).toBe('confirmation_required');
    expect((await asMember(h, who, 'GET', '/security')).body.data.confirmedUntil).toBeNull();
  });

  it('new recovery codes need it too; a current app code confirms as well as the password', async () => {
    const m = await memberWithTotp(h, 'codes@example.com');
    const { cookie } = await passwordStep(h, 'codes@example.com');
    const stolen = sessionOf(await secondStep(h, cookie, { method: 'totp', code: codeAt(h, m.secret) }));
    expect((await asMember(h, stolen, 'POST', '/security/recovery-codes')).body.error.code).toBe('confirmation_required');
    h.clock.advance(30_000);
    expect((await asMember(h, stolen, 'POST', '/security/confirm', { code: codeAt(h, m.secret) })).status).toBe(200);
    const fresh = await asMember(h, stolen, 'POST', '/security/recovery-codes');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recoveryCodes).toHaveLength(10);
  });

  it('enrolling a factor ends the member’s other sessions', async () => {
    const a = await signedInMember(h, 'two-sessions@example.com', 'reviewer');
    const b = sessionOf((await passwordStep(h, 'two-sessions@example.com')).res);
    expect((await asMember(h, b, 'GET', '/me')).status).toBe(200);
    await asMember(h, a, 'POST', '/security/confirm', { password: PASSWORD });
    const start = await asMember(h, a, 'POST', '/security/totp');
    expect((await asMember(h, a, 'POST', '/security/totp/confirm', { code: codeAt(h, start.body.data.secret) })).status).toBe(200);
    expect((await asMember(h, b, 'GET', '/me')).status).toBe(401);
    expect((await asMember(h, a, 'GET', '/me')).status).toBe(200);
    const [row] = (await h.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'second_factor.enrolled'))).filter((r) => r.actorEmail === 'two-sessions@example.com');
    expect(row!.detail).toMatchObject({ kind: 'totp', otherSessionsEnded: 1 });
  });
});

describe('the member sees and ends their sessions', () => {
  it('lists the live sessions, this one marked; ending the others needs the confirmation', async () => {
    const a = await signedInMember(h, 'many-places@example.com', 'reviewer');
    const b = sessionOf((await passwordStep(h, 'many-places@example.com')).res);
    const sessions = (await asMember(h, a, 'GET', '/security')).body.data.sessions as Array<{ current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect((await asMember(h, a, 'POST', '/security/sessions/end-others')).body.error.code).toBe('confirmation_required');
    expect((await asMember(h, b, 'GET', '/me')).status).toBe(200);
    await asMember(h, a, 'POST', '/security/confirm', { password: PASSWORD });
    const ended = await asMember(h, a, 'POST', '/security/sessions/end-others');
    expect(ended.body.data).toEqual({ ended: 1 });
    expect((await asMember(h, b, 'GET', '/me')).status).toBe(401);
    expect((await asMember(h, a, 'GET', '/security')).body.data.sessions).toHaveLength(1);
  });
});
