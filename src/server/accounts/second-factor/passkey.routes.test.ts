import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, signedInMember } from '../../dashboard/dashboard.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { PASSKEY_REGISTER_MS } from './challenges';
import { confirmed, memberWithTotp, passwordStep } from './second-factor.testkit';

// Passkey ceremonies' server side (the authenticator itself is in the Playwright journey): the
// relying party is the public URL; a registration challenge is the asking member's, works once
// and for 5 minutes; a pending sign-in offers exactly the member's passkeys.
let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(async () => { await h.close(); });

/** A registration answer carrying `challenge` (its attestation is not a real one). */
const answerFor = (challenge: string) => ({
  id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {},
  response: { clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin: 'http://idv.test' })).toString('base64url'), attestationObject: 'AAAA' },
});

describe('passkeys', () => {
  it('registration options name the public URL\'s host; a challenge is bound to its member and used once', async () => {
    const ann = await confirmed(h, await signedInMember(h, 'pk-ann@example.com', 'reviewer'));
    const bob = await confirmed(h, await signedInMember(h, 'pk-bob@example.com', 'reviewer'));
    const opts = (await asMember(h, ann, 'POST', '/security/passkeys/options', { name: 'Laptop' })).body.data;
    expect(opts).toMatchObject({ rp: { id: 'idv.test' }, user: { name: 'pk-ann@example.com' }, attestation: 'none' });
    expect(opts.challenge).toMatch(/^[\w-]{43}$/);
    // Someone else's challenge is no challenge.
    expect((await asMember(h, bob, 'POST', '/security/passkeys', { name: 'Laptop', response: answerFor(opts.challenge) })).body.error.code).toBe('challenge_invalid');
    // The right member, an answer that does not verify: refused, and the challenge is spent.
    expect((await asMember(h, ann, 'POST', '/security/passkeys', { name: 'Laptop', response: answerFor(opts.challenge) })).body.error.code).toBe('passkey_invalid');
    expect((await asMember(h, ann, 'POST', '/security/passkeys', { name: 'Laptop', response: answerFor(opts.challenge) })).body.error.code).toBe('challenge_invalid');
    expect((await asMember(h, ann, 'GET', '/security')).body.data.factors).toEqual([]);
  });

  it('a registration challenge expires after five minutes', async () => {
    const cy = await confirmed(h, await signedInMember(h, 'pk-cy@example.com', 'reviewer'));
    const opts = (await asMember(h, cy, 'POST', '/security/passkeys/options', { name: 'Phone' })).body.data;
    h.clock.advance(PASSKEY_REGISTER_MS + 1);
    expect((await asMember(h, cy, 'POST', '/security/passkeys', { name: 'Phone', response: answerFor(opts.challenge) })).body.error.code).toBe('challenge_invalid');
  });

  it('a pending sign-in\'s passkey options carry a fresh challenge and only the member\'s credentials; an unknown passkey is a wrong answer', async () => {
    await memberWithTotp(h, 'pk-dee@example.com');
    const { cookie } = await passwordStep(h, 'pk-dee@example.com');
    const opts = await h.request('POST', '/api/dashboard/auth/second-factor/passkey-options', { headers: { cookie } });
    expect(opts.body.data).toMatchObject({ rpId: 'idv.test', allowCredentials: [] });
    const res = await h.request('POST', '/api/dashboard/auth/second-factor', { headers: { cookie }, body: { method: 'passkey', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } } });
    expect(res.body.error.code).toBe('wrong_second_factor');
    expect((await h.request('POST', '/api/dashboard/auth/second-factor/passkey-options')).body.error.code).toBe('sign_in_expired');
  });
});
