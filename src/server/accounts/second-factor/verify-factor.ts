import type { z } from 'zod';
import type { secondFactorBodySchema, SecondFactorMethod } from '../../../contract/accounts-second-factor';
import type { AppContext } from '../../context';
import { listFactors } from './factor-store';
import { usePasskey } from './passkeys';
import { recoveryCodesLeft, useRecoveryCode } from './recovery-codes';
import { useTotpCode } from './totp';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'clock' | 'settings'>;
export type SecondFactorAnswer = z.infer<typeof secondFactorBodySchema>;

/** What a member can answer with: the kinds of their factors, and recovery codes while any are left. */
export async function methodsOf(ctx: Ctx, memberId: string): Promise<SecondFactorMethod[]> {
  const factors = await listFactors(ctx.db, memberId);
  const out: SecondFactorMethod[] = [];
  if (factors.some((f) => f.kind === 'totp')) out.push('totp');
  if (factors.some((f) => f.kind === 'passkey')) out.push('passkey');
  if (factors.length > 0 && (await recoveryCodesLeft(ctx.db, memberId)) > 0) out.push('recovery');
  return out;
}

/**
 * Checks one answer against the member's factors; each success is spent (the TOTP step, the
 * recovery code) before this returns. `webauthnChallenge`: the one the pending sign-in issued.
 */
export async function verifySecondFactor(ctx: Ctx, memberId: string, answer: SecondFactorAnswer, webauthnChallenge: string | null): Promise<{ ok: true; factorId: string | null } | { ok: false }> {
  const now = ctx.clock.now();
  const factors = await listFactors(ctx.db, memberId);
  if (answer.method === 'totp') {
    for (const f of factors.filter((x) => x.kind === 'totp')) {
      if (await useTotpCode(ctx.db, ctx.secrets, f, answer.code, now)) return { ok: true, factorId: f.id };
    }
    return { ok: false };
  }
  if (answer.method === 'recovery') {
    if (factors.length === 0) return { ok: false };
    return (await useRecoveryCode(ctx.db, ctx.secrets, memberId, answer.code, now)) ? { ok: true, factorId: null } : { ok: false };
  }
  const used = await usePasskey(ctx, factors, answer.response, webauthnChallenge);
  return used ? { ok: true, factorId: used.id } : { ok: false };
}
