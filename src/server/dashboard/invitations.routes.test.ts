import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema, memberSchema } from '../../contract/accounts';
import { createHarness, type Harness } from '../testing/harness';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

// Invitations say nothing about other organisations: an address is invited alike whether it is
// free, invited elsewhere or another organisation's member; it is bound to one organisation only
// when an invitation is accepted, and a later acceptance elsewhere answers as an invalid link.
let h: Harness;
let acme: SignedIn;
let globex: SignedIn;
let globexId: string;
const password = 'a long enough passphrase';

beforeAll(async () => {
  h = await createHarness();
  globexId = (await h.request('POST', '/api/admin/orgs', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { name: 'Globex' } })).body.data.id;
  acme = await signedInMember(h, 'owner@acme.test', 'owner');
  globex = await signedInMember(h, 'owner@globex.test', 'owner', globexId);
});
afterAll(async () => { await h.close(); });

const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');
const invite = (who: SignedIn, email: string, role = 'reviewer') => asMember(h, who, 'POST', '/team', { email, role });
const accept = (token: string) => h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password } });
const teamOf = async (who: SignedIn) => (await asMember(h, who, 'GET', '/team')).body.data.map((m: unknown) => memberSchema.parse(m));
/** Every row accepting could touch: members, links, sessions, activity, pending sign-ins. */
async function accountState() {
  const q = h.ctx.db.query;
  return {
    members: await q.members.findMany({ orderBy: (m, { asc }) => asc(m.id) }),
    links: await q.signInLinks.findMany({ orderBy: (l, { asc }) => asc(l.tokenDigest) }),
    sessions: await q.memberSessions.findMany({ orderBy: (s, { asc }) => asc(s.tokenDigest) }),
    audit: await q.auditEvents.findMany({ orderBy: (a, { asc }) => asc(a.id) }),
  };
}
/** The invitation answer with what must differ (the new id, the link, the address) masked. */
function shape(res: { status: number; body: { data?: Record<string, unknown> } }) {
  const data = res.body.data!;
  expect(data.id).toMatch(/^mem_[0-9a-f]{16}$/);
  expect(data.signInUrl).toMatch(/^http:\/\/idv\.test\/dashboard\/set-password#token=[\w-]{43}$/);
  return JSON.stringify({ status: res.status, body: { ...res.body, data: { ...data, id: '<id>', signInUrl: '<link>', email: '<email>' } } });
}

describe('invitations across organisations', () => {
  it('answers an invitation alike for a free address, another organisation\'s invitee and another organisation\'s member', async () => {
    expect((await invite(acme, 'pending@shared.test')).status).toBe(200);
    const before = (await accountState()).members.filter((m) => m.orgId !== globexId);

    const free = await invite(globex, 'free@shared.test');
    const invitedElsewhere = await invite(globex, 'pending@shared.test');
    const memberElsewhere = await invite(globex, 'owner@acme.test');
    for (const res of [free, invitedElsewhere, memberElsewhere]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, message: 'Member invited', code: 200, data: { orgId: globexId, active: false, role: 'reviewer' } });
    }
    expect(shape(invitedElsewhere)).toBe(shape(free));
    expect(shape(memberElsewhere)).toBe(shape(free));

    // Globex's list shows its pending invitations; Acme's rows are untouched and its list has none of Globex's.
    const globexTeam = await teamOf(globex);
    expect(globexTeam.map((m: { email: string; active: boolean }) => [m.email, m.active])).toEqual([
      ['owner@globex.test', true], ['free@shared.test', false], ['pending@shared.test', false], ['owner@acme.test', false],
    ]);
    expect((await teamOf(acme)).map((m: { email: string }) => m.email)).toEqual(['owner@acme.test', 'pending@shared.test']);
    expect((await accountState()).members.filter((m) => m.orgId !== globexId)).toEqual(before);
    // The other organisation's member still signs in as before.
    const signIn = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'owner@acme.test', password } });
    expect(meSchema.parse(signIn.body.data).org.id).toBe(acme.me.org.id);
  });

  it('refuses only the inviter\'s own member or invitee, with 409 email_taken', async () => {
    expect((await invite(globex, 'twice@globex.test')).status).toBe(200);
    for (const email of ['twice@globex.test', 'TWICE@globex.test', 'owner@globex.test']) {
      const res = await invite(globex, email, 'admin');
      expect([res.status, res.body.message, res.body.error]).toEqual([409, 'A member with this e-mail already exists', { code: 'email_taken' }]);
    }
  });

  it('binds the address at acceptance: accepted in one organisation, the other\'s link answers as an invalid one and changes nothing', async () => {
    const fromAcme = (await invite(acme, 'dual@shared.test')).body.data;
    const fromGlobex = (await invite(globex, 'dual@shared.test', 'admin')).body.data;

    const accepted = await accept(tokenOf(fromGlobex.signInUrl));
    expect(accepted.status).toBe(200);
    expect(meSchema.parse(accepted.body.data)).toMatchObject({ member: { id: fromGlobex.id, email: 'dual@shared.test', active: true }, org: { id: globexId } });

    const before = await accountState();
    const refused = await accept(tokenOf(fromAcme.signInUrl));
    const invalid = await accept('no-such-link-token-no-such-link-token-00000');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: false, message: 'This sign-in link is not valid any more: ask for a new one', error: { code: 'link_invalid' }, data: null, code: 400 });
    expect(JSON.stringify(refused.body)).toBe(JSON.stringify(invalid.body));
    expect(refused.headers.get('set-cookie')).toBeNull();
    // Nothing changed: Acme's invitation stays pending (its link unused), Globex's member as it was.
    expect(await accountState()).toEqual(before);
    expect((await teamOf(acme)).find((m: { email: string }) => m.email === 'dual@shared.test')).toMatchObject({ id: fromAcme.id, active: false });
    // …and fails the same way each time it is used.
    expect(JSON.stringify((await accept(tokenOf(fromAcme.signInUrl))).body)).toBe(JSON.stringify(invalid.body));

    // Password sign-in finds the accepted member, not Acme's (older) invitation row.
    const signIn = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'dual@shared.test', password } });
    expect(signIn.status).toBe(200);
    expect(meSchema.parse(signIn.body.data)).toMatchObject({ member: { id: fromGlobex.id }, org: { id: globexId } });
  });

  it('lets the unique index decide a race: the later acceptance answers as an invalid link and changes nothing', async () => {
    const fromAcme = (await invite(acme, 'race@shared.test')).body.data;
    const fromGlobex = (await invite(globex, 'race@shared.test')).body.data;
    // Globex's invitation is accepted by another request between this one's check and its write
    // (as two acceptances at once on PostgreSQL): a trigger makes that happen deterministically.
    await h.ctx.db.execute(sql.raw(`
      create function test_race() returns trigger language plpgsql as $$ begin
        if new.id = '${fromAcme.id}' and new.password_hash is not null then
          update members set password_hash = 'accepted elsewhere' where id = '${fromGlobex.id}';
        end if;
        return new;
      end $$`));
    await h.ctx.db.execute(sql.raw('create trigger test_race before update on members for each row execute function test_race()'));
    try {
      const before = await accountState();
      const refused = await accept(tokenOf(fromAcme.signInUrl));
      expect([refused.status, refused.body.error]).toEqual([400, { code: 'link_invalid' }]);
      expect(await accountState()).toEqual(before);
    } finally {
      await h.ctx.db.execute(sql.raw('drop trigger test_race on members'));
      await h.ctx.db.execute(sql.raw('drop function test_race()'));
    }
    // With no race, the same link works: nothing of the refused attempt was kept.
    expect((await accept(tokenOf(fromAcme.signInUrl))).status).toBe(200);
    const globexRow = (await accountState()).members.find((m) => m.id === fromGlobex.id)!;
    expect(globexRow.passwordHash).toBeNull();
  });

  it('accepts exactly one of two invitations of one address used at the same time', async () => {
    const fromAcme = (await invite(acme, 'both@shared.test')).body.data;
    const fromGlobex = (await invite(globex, 'both@shared.test')).body.data;
    const answers = await Promise.all([accept(tokenOf(fromAcme.signInUrl)), accept(tokenOf(fromGlobex.signInUrl))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(refused.body.error).toEqual({ code: 'link_invalid' });
    const winner = meSchema.parse(answers.find((r) => r.status === 200)!.body.data).member.id;
    const rows = (await accountState()).members.filter((m) => m.email === 'both@shared.test');
    expect(rows.filter((m) => m.passwordHash !== null).map((m) => m.id)).toEqual([winner]);
  });

  it('keeps removed members\' rows: an address removed in one organisation is invited in another and again in the first', async () => {
    const gone = await signedInMember(h, 'gone@shared.test', 'reviewer');
    expect((await asMember(h, acme, 'DELETE', `/team/${gone.me.member.id}`)).status).toBe(200);
    expect((await invite(globex, 'gone@shared.test')).status).toBe(200);
    expect((await invite(acme, 'gone@shared.test')).status).toBe(200);
    const rows = (await accountState()).members.filter((m) => m.email === 'gone@shared.test');
    expect(rows.map((m) => [m.orgId, m.removedAt !== null, m.passwordHash !== null]).sort()).toEqual([
      [acme.me.org.id, false, false], [acme.me.org.id, true, true], [globexId, false, false],
    ].sort());
    expect(rows.find((m) => m.id === gone.me.member.id)).toBeDefined();
  });
});
