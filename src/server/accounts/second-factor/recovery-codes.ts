import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { memberRecoveryCodes } from '../../db/schema';
import type { Secrets } from '../../lib/secrets';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 10 base32 characters: 50 random bits, far beyond what the sign-in throttle lets anyone try. */
function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalise = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
// Keyed by member too: the same code of two members are two rows. High entropy, so a keyed
// digest (not a slow hash) is enough.
const digestOf = (secrets: Secrets, memberId: string, code: string) => secrets.digest(`recovery:${memberId}:${normalise(code)}`);

/** New codes replace every earlier one; the plain codes are answered once and never stored. */
export async function replaceRecoveryCodes(db: DbOrTx, secrets: Secrets, memberId: string, now: Date): Promise<string[]> {
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.insert(memberRecoveryCodes).values(codes.map((c) => ({ codeDigest: digestOf(secrets, memberId, c), memberId, createdAt: now })));
  return codes;
}

/** Uses a code once (a second, concurrent use of the same code finds it used). */
export async function useRecoveryCode(db: DbOrTx, secrets: Secrets, memberId: string, code: string, now: Date): Promise<boolean> {
  const [row] = await db.update(memberRecoveryCodes).set({ usedAt: now })
    .where(and(eq(memberRecoveryCodes.codeDigest, digestOf(secrets, memberId, code)), eq(memberRecoveryCodes.memberId, memberId), isNull(memberRecoveryCodes.usedAt)))
    .returning({ d: memberRecoveryCodes.codeDigest });
  return Boolean(row);
}

export async function recoveryCodesLeft(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.memberId, memberId), isNull(memberRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
