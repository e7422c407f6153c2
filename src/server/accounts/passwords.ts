import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Member passwords: scrypt (memory-hard), N = 2^15, r = 8, p = 1: 32 MiB and ~100 ms per hash on
 * this machine's cores, per OWASP's scrypt guidance. Stored as `scrypt$N$r$p$salt$hash` (base64)
 * so the cost can rise later while old hashes still verify.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LEN = 32;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!(n >= 2 ** 14 && n <= 2 ** 20 && r >= 1 && r <= 16 && p >= 1 && p <= 4)) return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await derive(password, Buffer.from(parts[4]!, 'base64'), n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the e-mail is unknown, so both answers take the same time. */
let decoy: Promise<string> | null = null;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
