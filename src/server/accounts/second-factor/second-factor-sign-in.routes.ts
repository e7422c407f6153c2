import { Hono, type Context } from 'hono';
import { secondFactorBodySchema, type PendingSignIn } from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { fail, ok, readJsonBody, validationError } from '../../http/envelope';
import { clientAddress } from '../../limits/client-address';
import { addressGroup } from '../../limits/client-address';
import { audit, auditBurst } from '../audit';
import { createSession } from '../member-sessions';
import { getMember, type MemberRow } from '../member-store';
import type { Pending } from '../sign-in';
import { signInThrottle } from '../sign-in-throttle';
import {
  consumePendingSignIn, findPendingSignIn, givePendingAnswerBack, PENDING_MAX_ANSWERS, setSignInWebauthnChallenge, takePendingAnswer,
} from './challenges';
import { listFactors } from './factor-store';
import { codeTrySucceeded, FREE_WRONG_CODES, reserveCodeTry, waitAfterFailures } from './member-guard';
import { authenticationOptions } from './passkeys';
import { clearPendingCookie, readPendingCookie, setPendingCookie } from './pending-cookie';
import { methodsOf, verifySecondFactor } from './verify-factor';

type SignedIn = (c: Context, member: MemberRow, token: string) => Promise<Response>;

/** The answer to a right password (or a used link) of a member with a second factor. */
export async function pendingAnswer(c: Context, ctx: AppContext, pending: Pending): Promise<Response> {
  setPendingCookie(c, ctx, pending.pendingToken);
  const answer: PendingSignIn = { pending: true, methods: await methodsOf(ctx, pending.member.id), expiresAt: pending.expiresAt.toISOString() };
  return ok(c, 'Second factor needed', answer);
}

/**
 * The second step (`/api/dashboard/auth/second-factor…`): the pending cookie and one answer (a
 * TOTP code, a recovery code, a passkey). Wrong answers count in the sign-in throttle of the
 * member's e-mail and the client address group, like wrong passwords, and wrong codes in the
 * member's own count (member-guard.ts); the pending sign-in ends when used, after 5 answers
 * (the password is needed again) or after 5 minutes.
 */
export function secondFactorSignInRoutes(ctx: AppContext, signedIn: SignedIn): Hono {
  const app = new Hono();

  async function pendingOf(c: Context) {
    const token = readPendingCookie(c, ctx);
    const row = token ? await findPendingSignIn(ctx.db, ctx.secrets, token, ctx.clock.now()) : null;
    const member = row ? await getMember(ctx.db, row.memberId) : null;
    return row && member ? { token, row, member } : null;
  }
  const expired = (c: Context) => {
    clearPendingCookie(c, ctx);
    return fail(c, 401, 'This sign-in has expired: enter your e-mail and password again', { code: 'sign_in_expired' });
  };
  const closed = (c: Context) => {
    clearPendingCookie(c, ctx);
    return fail(c, 401, 'Too many wrong answers: enter your e-mail and password again', { code: 'sign_in_closed' });
  };

  app.post('/passkey-options', async (c) => {
    const pending = await pendingOf(c);
    if (!pending) return expired(c);
    const options = await authenticationOptions(ctx, await listFactors(ctx.db, pending.member.id));
    await setSignInWebauthnChallenge(ctx.db, ctx.secrets, pending.token, options.challenge, ctx.clock.now());
    return ok(c, 'Passkey challenge', options);
  });

  app.post('/', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = secondFactorBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const pending = await pendingOf(c);
    if (!pending) return expired(c);
    const { member } = pending;
    const now = ctx.clock.now();
    const address = clientAddress(c, ctx.settings.trustProxy);
    const method = body.data.method;
    const actor = { orgId: member.orgId, memberId: member.id, email: member.email };
    const refuse = (waitS: number, scope: 'address' | 'member') => {
      c.header('Retry-After', String(waitS));
      return fail(c, 429, 'Too many wrong attempts: try again later', { code: 'locked', scope, retryAfterSeconds: waitS });
    };

    // Three limits, each reserved before the answer is judged: this address's tries for the
    // e-mail, this pending sign-in's answers, and the member's wrong codes from anywhere (codes
    // only: a passkey cannot be guessed). A limit that refuses hands the others' places back
    // (so tries refused for the pending, or for the member, do not use up the other count).
    const throttle = signInThrottle(ctx.db, ctx.secrets, member.email, address, now);
    const wait = await throttle.begin();
    if (wait > 0) return refuse(wait, 'address');
    const answerNo = await takePendingAnswer(ctx.db, ctx.secrets, pending.token, now);
    if (answerNo === null) {
      await throttle.succeeded();
      return closed(c);
    }
    const guard = method === 'passkey' ? null : await reserveCodeTry(ctx.db, member.id, now);
    if (guard && !guard.ok) {
      await throttle.succeeded();
      await givePendingAnswerBack(ctx.db, ctx.secrets, pending.token, now);
      return refuse(guard.retryAfterS, 'member');
    }

    const checked = await verifySecondFactor(ctx, member.id, body.data, pending.row.webauthnChallenge);
    // A passkey challenge is answered once, right or wrong: the next try asks for a new one.
    if (method === 'passkey') await setSignInWebauthnChallenge(ctx.db, ctx.secrets, pending.token, null, now);
    if (!checked.ok) {
      const locked = await throttle.failed();
      await auditBurst(ctx.db, actor, 'second_factor.failed', now, member.id, { method, address: addressGroup(address) });
      if (locked) await auditBurst(ctx.db, actor, 'member.locked', now, member.id, { address: addressGroup(address) });
      if (guard?.ok && guard.failures === FREE_WRONG_CODES) {
        // The member is told once per run (Activity here, and on their next sign-in).
        await audit(ctx.db, actor, 'second_factor.slowed', now, member.id, { wrongCodes: guard.failures, waitSeconds: waitAfterFailures(guard.failures) });
      }
      if (answerNo >= PENDING_MAX_ANSWERS) {
        await consumePendingSignIn(ctx.db, ctx.secrets, pending.token, now);
        return closed(c);
      }
      if (locked) return refuse(locked, 'address');
      return fail(c, 400, 'This code or passkey was not accepted', { code: 'wrong_second_factor', answersLeft: PENDING_MAX_ANSWERS - answerNo });
    }
    await throttle.succeeded();
    if (guard?.ok) await codeTrySucceeded(ctx.db, member.id, now);
    // Single use: of two requests with one pending cookie, only the first gets a session.
    if (!(await consumePendingSignIn(ctx.db, ctx.secrets, pending.token, now))) return expired(c);
    clearPendingCookie(c, ctx);
    const token = await createSession(ctx.db, ctx.secrets, member.id, now);
    if (method === 'recovery') await audit(ctx.db, actor, 'recovery_code.used', now, member.id);
    else await audit(ctx.db, actor, 'second_factor.used', now, member.id, { method, factorId: checked.factorId });
    await audit(ctx.db, actor, 'member.signed_in', now, member.id, { secondFactor: method });
    return signedIn(c, member, token);
  });

  return app;
}
