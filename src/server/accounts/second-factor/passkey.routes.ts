import { Hono } from 'hono';
import { passkeyOptionsBodySchema, passkeyRegisterBodySchema, type RecoveryCodes } from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { audit } from '../audit';
import type { MemberEnv } from '../member-auth';
import { revokeOtherSessions } from '../member-sessions';
import { consumeRegisterChallenge, createRegisterChallenge } from './challenges';
import { insertFactor, listFactors, newFactorId } from './factor-store';
import { challengeOf, registrationOptions, verifyRegistration } from './passkeys';
import { replaceRecoveryCodes } from './recovery-codes';

/**
 * Passkey registration (`/api/dashboard/security/passkeys…`, behind the security routes' member
 * check): options with a fresh challenge kept server-side for 5 minutes, bound to this member
 * and used once; then the authenticator's answer, verified against it.
 */
export function passkeyRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();

  app.post('/passkeys/options', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = passkeyOptionsBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    const options = await registrationOptions(ctx, member, await listFactors(ctx.db, member.id));
    await createRegisterChallenge(ctx.db, ctx.secrets, member.id, options.challenge, ctx.clock.now());
    return ok(c, 'Passkey options', options);
  });

  app.post('/passkeys', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = passkeyRegisterBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const member = c.get('member');
    const now = ctx.clock.now();
    const challenge = challengeOf(body.data.response as { response?: { clientDataJSON?: unknown } });
    if (!challenge || !(await consumeRegisterChallenge(ctx.db, ctx.secrets, member.id, challenge, now))) {
      return fail(c, 400, 'This passkey request has expired: try again', { code: 'challenge_invalid' });
    }
    const credential = await verifyRegistration(ctx, body.data.response, challenge);
    if (!credential) return fail(c, 400, 'The passkey could not be verified', { code: 'passkey_invalid' });
    const first = (await listFactors(ctx.db, member.id)).length === 0;
    const row = await ctx.db.transaction(async (tx) => {
      const made = await insertFactor(tx, {
        id: newFactorId(), memberId: member.id, kind: 'passkey', name: body.data.name, credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'), signCount: credential.counter,
        transports: credential.transports ?? [], confirmedAt: now, createdAt: now,
      });
      // Sessions opened without this factor must sign in again with it.
      const ended = await revokeOtherSessions(tx, ctx.secrets, member.id, c.get('sessionToken'), now);
      await audit(tx, { orgId: member.orgId, memberId: member.id, email: member.email }, 'second_factor.enrolled', now, member.id, { kind: 'passkey', factorId: made.id, name: made.name, otherSessionsEnded: ended });
      return made;
    }).catch(() => null);
    if (!row) return fail(c, 409, 'This passkey is already registered', { code: 'passkey_exists' });
    const answer: RecoveryCodes = { recoveryCodes: first ? await replaceRecoveryCodes(ctx.db, ctx.secrets, member.id, now) : null };
    return ok(c, 'Passkey added', answer);
  });

  return app;
}
