import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TotpEnrolment } from '../../../contract/accounts-second-factor';
import { asMember, signedInMember, type SignedIn } from '../../dashboard/dashboard.testkit';
import type { Harness } from '../../testing/harness';

export const PASSWORD = 'a long enough passphrase';

/** The code an authenticator app shows at the app's (manual) clock, `steps` periods away. */
export function codeAt(h: Harness, secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: h.clock.now().getTime() + steps * 30_000 });
}

/** Asks the member's password again, so that this session may change factors for the next 10 minutes. */
export async function confirmed<T extends SignedIn>(h: Harness, who: T): Promise<T> {
  const res = await asMember(h, who, 'POST', '/security/confirm', { password: PASSWORD });
  expect(res.status).toBe(200);
  return who;
}

/** A member who has enrolled an authenticator app: the secret and the first recovery codes. */
export async function memberWithTotp(h: Harness, email: string, role = 'reviewer', orgId?: string): Promise<SignedIn & { secret: string; recoveryCodes: string[] }> {
  const who = await confirmed(h, await signedInMember(h, email, role, orgId));
  const start = await asMember(h, who, 'POST', '/security/totp');
  expect(start.status).toBe(200);
  const { secret } = start.body.data as TotpEnrolment;
  const done = await asMember(h, who, 'POST', '/security/totp/confirm', { code: codeAt(h, secret) });
  expect(done.status).toBe(200);
  // The next code in this test is from the next step (the one just used is spent).
  h.clock.advance(30_000);
  return { ...who, secret, recoveryCodes: done.body.data.recoveryCodes };
}

export const cookieNamed = (res: { headers: Headers }, name: string) => new RegExp(`${name}=([\\w-]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;

/** Password sign-in; the pending cookie when a second factor is asked for. */
export async function passwordStep(h: Harness, email: string, password = PASSWORD) {
  const res = await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email, password } });
  const pending = cookieNamed(res, 'idv_pending');
  return { res, cookie: pending ? `idv_pending=${pending}` : '' };
}

export const secondStep = (h: Harness, cookie: string, body: unknown) =>
  h.request('POST', '/api/dashboard/auth/second-factor', { headers: { cookie }, body });
