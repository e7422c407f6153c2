import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../db/types';
import { memberFactors } from '../../db/schema';
import type { Secrets } from '../../lib/secrets';
import type { FactorRow } from './factor-store';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD = 30;
/** One step either side: a phone clock a little off, a code typed as it turned over. */
const WINDOW = 1;

export function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** 160 random bits, RFC 4226's recommended length. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a code matches (±1), or null. */
export function matchingStep(totp: TOTP, code: string, now: Date): number | null {
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/**
 * Checks a code against a member's TOTP factor and, when it matches, records its step in the
 * same statement: a step at or before the last accepted one is refused, so a code seen over a
 * shoulder or replayed works no more (even by two requests at once).
 */
export async function useTotpCode(db: DbOrTx, secrets: Secrets, factor: FactorRow, code: string, now: Date): Promise<boolean> {
  if (factor.kind !== 'totp' || !factor.totpSecretEnc) return false;
  const step = matchingStep(totpFor(secrets.decrypt(factor.totpSecretEnc), 'member', 'idv'), code, now);
  if (step === null) return false;
  const [row] = await db.update(memberFactors).set({ totpLastStep: step, lastUsedAt: now, confirmedAt: factor.confirmedAt ?? now })
    .where(and(eq(memberFactors.id, factor.id), or(isNull(memberFactors.totpLastStep), lt(memberFactors.totpLastStep, step))))
    .returning({ id: memberFactors.id });
  return Boolean(row);
}
