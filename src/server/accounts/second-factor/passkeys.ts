import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransport, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { memberFactors } from '../../db/schema';
import type { MemberRow } from '../member-store';
import type { FactorRow } from './factor-store';

type Ctx = Pick<AppContext, 'db' | 'settings' | 'clock'>;

/** The relying party is the service's public URL: its host name is the RP ID, its origin the only one accepted. */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const transportsOf = (row: FactorRow) => row.transports as AuthenticatorTransport[];
const passkeysOf = (factors: FactorRow[]) => factors.filter((f) => f.kind === 'passkey' && f.credentialId && f.publicKey);

export async function registrationOptions(ctx: Ctx, member: MemberRow, existing: FactorRow[]) {
  return generateRegistrationOptions({
    rpName: 'IDV dashboard', rpID: relyingParty(ctx.settings.publicUrl).rpID,
    userName: member.email, userID: new TextEncoder().encode(member.id), attestationType: 'none',
    // A discoverable credential with user verification: what "passkey" means to people.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: passkeysOf(existing).map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
  });
}

/** The challenge a browser's answer carries (to find the stored challenge it must match). */
export function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  try {
    const raw = response.response?.clientDataJSON;
    if (typeof raw !== 'string') return null;
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

export async function verifyRegistration(ctx: Ctx, response: unknown, challenge: string) {
  const rp = relyingParty(ctx.settings.publicUrl);
  try {
    const res = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false,
    });
    return res.verified ? res.registrationInfo.credential : null;
  } catch {
    return null;
  }
}

export async function authenticationOptions(ctx: Ctx, factors: FactorRow[]) {
  return generateAuthenticationOptions({
    rpID: relyingParty(ctx.settings.publicUrl).rpID, userVerification: 'preferred',
    allowCredentials: passkeysOf(factors).map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
  });
}

/** Verifies a passkey answer against the member's passkeys; records its counter. The factor used, or null. */
export async function usePasskey(ctx: Ctx, factors: FactorRow[], response: unknown, challenge: string | null): Promise<FactorRow | null> {
  const answer = response as AuthenticationResponseJSON;
  const factor = passkeysOf(factors).find((f) => f.credentialId === answer.id);
  if (!factor || !challenge) return null;
  const rp = relyingParty(ctx.settings.publicUrl);
  try {
    const res = await verifyAuthenticationResponse({
      response: answer, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false,
      credential: { id: factor.credentialId!, publicKey: Buffer.from(factor.publicKey!, 'base64url'), counter: factor.signCount, transports: transportsOf(factor) },
    });
    if (!res.verified) return null;
    await ctx.db.update(memberFactors).set({ signCount: res.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now() }).where(eq(memberFactors.id, factor.id));
    return factor;
  } catch {
    return null;
  }
}
