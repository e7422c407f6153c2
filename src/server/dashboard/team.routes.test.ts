import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSchema } from '../../contract/accounts';
import { createHarness, type Harness } from '../testing/harness';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

let h: Harness;
let owner: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  owner = await signedInMember(h, 'owner@acme.test', 'owner');
  admin = await signedInMember(h, 'admin@acme.test', 'admin');
});
afterAll(async () => { await h.close(); });

describe('dashboard team', () => {
  it('invites with a link to copy, lists, removes (ending their sessions); owners only by owners', async () => {
    const invited = await asMember(h, admin, 'POST', '/team', { email: 'New@acme.test', role: 'reviewer' });
    expect(invited.status).toBe(200);
    expect(invited.body.data).toMatchObject({ email: 'new@acme.test', role: 'reviewer', active: false, signInUrl: expect.stringContaining('/dashboard/set-password#token=') });
    expect((await asMember(h, admin, 'POST', '/team', { email: 'boss@acme.test', role: 'owner' })).body.error.code).toBe('forbidden');
    expect((await asMember(h, owner, 'POST', '/team', { email: 'boss@acme.test', role: 'owner' })).status).toBe(200);
    expect((await asMember(h, owner, 'POST', '/team', { email: 'new@acme.test', role: 'admin' })).status).toBe(409);
    const list = await asMember(h, admin, 'GET', '/team');
    expect(list.body.data.map((m: unknown) => memberSchema.parse(m).email)).toEqual(['owner@acme.test', 'admin@acme.test', 'new@acme.test', 'boss@acme.test']);
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|password/i);

    const rev = await signedInMember(h, 'rev2@acme.test', 'reviewer');
    expect((await asMember(h, rev, 'GET', '/team')).body.error.code).toBe('forbidden');
    expect((await asMember(h, admin, 'DELETE', `/team/${rev.me.member.id}`)).status).toBe(200);
    expect((await asMember(h, rev, 'GET', '/me')).status).toBe(401);
    expect((await asMember(h, admin, 'DELETE', `/team/${admin.me.member.id}`)).body.error.code).toBe('self');
    expect((await asMember(h, admin, 'DELETE', `/team/${owner.me.member.id}`)).body.error.code).toBe('forbidden');
    expect((await asMember(h, admin, 'GET', '/team')).body.data).toHaveLength(4);

    // Every one of those actions is in the organisation's activity log, newest first; reviewers can't read it.
    const log = await asMember(h, owner, 'GET', '/audit');
    const actions = log.body.data.map((e: { actorEmail: string; action: string }) => `${e.actorEmail} ${e.action}`);
    expect(actions[0]).toBe('admin@acme.test member.removed');
    expect(actions).toEqual(expect.arrayContaining(['admin@acme.test member.invited', 'owner@acme.test member.invited', 'rev2@acme.test member.password_set']));
    const rev3 = await signedInMember(h, 'rev3@acme.test', 'reviewer');
    expect((await asMember(h, rev3, 'GET', '/audit')).body.error.code).toBe('forbidden');
  });
});
