import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, secondFactorChallenges, secondFactorGuards } from '../../db/schema';
import { asMember, type SignedIn } from '../../dashboard/dashboard.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { THROTTLE_AFTER_FAILURES } from '../sign-in-throttle';
import { PENDING_MAX_ANSWERS } from './challenges';
import { FIRST_WAIT_S, FREE_WRONG_CODES } from './member-guard';
import { codeAt, cookieNamed, memberWithTotp, PASSWORD } from './second-factor.testkit';

// Someone who has the password guesses the 6-digit code. Whatever addresses they use, a pending
// sign-in takes five answers, the member's wrong codes are counted over all of them, an IPv6
// client counts as its /64, and concurrent guesses are reserved before they are judged. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the requests really run in parallel).
let h: Harness;
beforeAll(async () => { h = await createHarness({ TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN_PER_ADDRESS: '0' }); });
afterAll(async () => { await h.close(); });

const from = (address: string) => ({ 'x-forwarded-for': address });
async function passwordFrom(email: string, address: string, password = PASSWORD) {
  const res = await h.request('POST', '/api/dashboard/auth/sign-in', { headers: from(address), body: { email, password } });
  const pending = cookieNamed(res, 'idv_pending');
  return { res, cookie: pending ? `idv_pending=${pending}` : '' };
}
const answerFrom = (cookie: string, address: string, code: string) =>
  h.request('POST', '/api/dashboard/auth/second-factor', { headers: { ...from(address), cookie }, body: { method: 'totp', code } });
const wrongCode = (m: { secret: string }) => {
  const good = new Set([-1, 0, 1].map((s) => codeAt(h, m.secret, s)));
  for (let n = 100000; ; n += 1) if (!good.has(String(n))) return String(n);
};
const guardOf = async (memberId: string) => (await h.ctx.db.select().from(secondFactorGuards).where(eq(secondFactorGuards.memberId, memberId)))[0];
const failedRows = async (memberId: string) => h.ctx.db.select().from(auditEvents)
  .where(and(eq(auditEvents.subjectId, memberId), eq(auditEvents.action, 'second_factor.failed')));
const judgedWrong = async (memberId: string) => (await failedRows(memberId)).reduce((n, r) => n + Number((r.detail as { count: number }).count), 0);

describe('guessing the second factor', () => {
  it('closes a pending sign-in after five answers, whichever addresses they come from', async () => {
    const m = await memberWithTotp(h, 'close@example.com');
    const { cookie } = await passwordFrom('close@example.com', '203.0.113.1');
    const wrong = wrongCode(m);
    const codes: string[] = [];
    for (let i = 0; i < PENDING_MAX_ANSWERS; i += 1) codes.push((await answerFrom(cookie, `198.51.100.${10 + i}`, wrong)).body.error.code);
    expect(codes).toEqual(['wrong_second_factor', 'wrong_second_factor', 'wrong_second_factor', 'wrong_second_factor', 'sign_in_closed']);
    // Even the right code does not reopen it: the password is needed again.
    const after = await answerFrom(cookie, '198.51.100.99', codeAt(h, m.secret));
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('sign_in_expired');
    const again = await passwordFrom('close@example.com', '203.0.113.1');
    expect((await answerFrom(again.cookie, '203.0.113.1', codeAt(h, m.secret))).status).toBe(200);
  });

  it("slows a member's wrong codes from many addresses and sign-ins: ten free, then a doubling wait; the member is told", async () => {
    const m = await memberWithTotp(h, 'slow@example.com');
    const wrong = wrongCode(m);
    const answers: Array<{ status: number; code: string; retry: number }> = [];
    // Forty addresses, each a fresh password sign-in and two guesses (never enough to close a pending or an address).
    for (let i = 0; i < 40; i += 1) {
      const address = `2001:db8:${i.toString(16)}:1::7`;
      const { cookie } = await passwordFrom('slow@example.com', address);
      for (let j = 0; j < 2; j += 1) {
        const res = await answerFrom(cookie, address, wrong);
        answers.push({ status: res.status, code: res.body.error.code, retry: Number(res.body.error.retryAfterSeconds ?? 0) });
      }
    }
    expect(answers.filter((a) => a.code === 'wrong_second_factor')).toHaveLength(FREE_WRONG_CODES);
    const slowed = answers.filter((a) => a.status === 429);
    expect(slowed).toHaveLength(80 - FREE_WRONG_CODES);
    expect(slowed.every((a) => a.code === 'locked' && a.retry > 0 && a.retry <= FIRST_WAIT_S)).toBe(true);
    expect(await judgedWrong(m.me.member.id)).toBe(FREE_WRONG_CODES);

    // After the wait one more code is judged, and the next wait is twice as long.
    h.clock.advance(FIRST_WAIT_S * 1000);
    const address = '2001:db8:ff:1::7';
    const { cookie } = await passwordFrom('slow@example.com', address);
    expect((await answerFrom(cookie, address, wrong)).body.error.code).toBe('wrong_second_factor');
    const next = await answerFrom(cookie, address, wrong);
    expect(next.status).toBe(429);
    expect(next.body.error.retryAfterSeconds).toBe(2 * FIRST_WAIT_S);
    // The real member waits too, then gets in, and is told what happened.
    h.clock.advance(2 * FIRST_WAIT_S * 1000);
    const signedIn = await answerFrom(cookie, address, codeAt(h, m.secret));
    expect(signedIn.status).toBe(200);
    const who: SignedIn = { cookie: `idv_session=${cookieNamed(signedIn, 'idv_session')}`, csrf: signedIn.body.data.csrfToken, me: signedIn.body.data };
    expect((await asMember(h, who, 'GET', '/security')).body.data.unseenWrongCodes).toBe(FREE_WRONG_CODES + 1);
    expect((await asMember(h, who, 'POST', '/security/notice/seen')).status).toBe(200);
    expect((await asMember(h, who, 'GET', '/security')).body.data.unseenWrongCodes).toBe(0);
    // Activity: one row for the burst of wrong codes (not one per code) and one when slowing began.
    const rows = await failedRows(m.me.member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({ count: FREE_WRONG_CODES + 1, method: 'totp' });
    const slowedRows = await h.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, m.me.member.id), eq(auditEvents.action, 'second_factor.slowed')));
    expect(slowedRows).toHaveLength(1);
  });

  it('counts an IPv6 client by its /64 for wrong passwords', async () => {
    await memberWithTotp(h, 'six@example.com');
    for (let i = 0; i < THROTTLE_AFTER_FAILURES; i += 1) {
      expect((await passwordFrom('six@example.com', `2001:db8:aa:bb::${i + 1}`, 'not the password')).res.status).toBe(i < THROTTLE_AFTER_FAILURES - 1 ? 401 : 429);
    }
    // Another address in the same /64 is the same client; another /64 is not.
    expect((await passwordFrom('six@example.com', '2001:db8:aa:bb:ffff::9')).res.body.error.code).toBe('locked');
    expect((await passwordFrom('six@example.com', '2001:db8:aa:bc::1')).res.status).toBe(200);
  });

  it('judges no more than five of many concurrent wrong passwords from one address', async () => {
    const m = await memberWithTotp(h, 'pw-burst@example.com');
    const all = await Promise.all(Array.from({ length: 20 }, () => passwordFrom('pw-burst@example.com', '192.0.2.250', 'not the password')));
    expect(all.map((r) => r.res.status).filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await passwordFrom('pw-burst@example.com', '192.0.2.250')).res.body.error.code).toBe('locked');
    const rows = (await h.ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, m.me.member.id)))
      .filter((r) => r.action === 'member.sign_in_failed' || r.action === 'member.locked');
    expect(rows.reduce((n, r) => n + Number((r.detail as { count: number }).count), 0)).toBe(THROTTLE_AFTER_FAILURES);
  });

  it('judges no more than five of many concurrent answers to one pending sign-in', async () => {
    const m = await memberWithTotp(h, 'burst@example.com');
    const { cookie } = await passwordFrom('burst@example.com', '192.0.2.200');
    const wrong = wrongCode(m);
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => answerFrom(cookie, `192.0.2.${i + 1}`, wrong)));
    const codes = all.map((r) => r.body.error.code as string);
    expect(codes.filter((c) => !['wrong_second_factor', 'sign_in_closed', 'sign_in_expired'].includes(c))).toEqual([]);
    expect(await judgedWrong(m.me.member.id)).toBe(PENDING_MAX_ANSWERS);
    const [row] = await h.ctx.db.select().from(secondFactorChallenges).where(eq(secondFactorChallenges.memberId, m.me.member.id));
    expect(row!.attempts).toBe(PENDING_MAX_ANSWERS);
  });

  it("past the allowance, only one of many concurrent guesses across sign-ins is judged", async () => {
    const m = await memberWithTotp(h, 'race@example.com');
    const wrong = wrongCode(m);
    // Nine wrong codes first (three sign-ins, three each), one short of the allowance.
    for (let i = 0; i < 3; i += 1) {
      const { cookie } = await passwordFrom('race@example.com', `10.0.${i}.1`);
      for (let j = 0; j < 3; j += 1) expect((await answerFrom(cookie, `10.0.${i}.1`, wrong)).status).toBe(400);
    }
    const pendings = await Promise.all(Array.from({ length: 6 }, (_, i) => passwordFrom('race@example.com', `10.1.${i}.1`)));
    const all = await Promise.all(pendings.flatMap((p, i) => Array.from({ length: 4 }, (_, j) => answerFrom(p.cookie, `10.1.${i}.${j + 2}`, wrong))));
    expect(all.filter((r) => r.status === 400)).toHaveLength(1);
    expect(all.filter((r) => r.status === 429)).toHaveLength(23);
    expect((await guardOf(m.me.member.id))!.failures).toBe(FREE_WRONG_CODES);
    expect(await judgedWrong(m.me.member.id)).toBe(FREE_WRONG_CODES);
  });
});
