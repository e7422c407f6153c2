import type { DocInfo } from '../../contract/document';
import type { Secrets } from '../lib/secrets';

const norm = (v: string | undefined) => (v ?? '').normalize('NFKC').toUpperCase().replace(/\s+/g, ' ').trim();

/**
 * Keyed digest (HMAC with the server's lookup key) of a document's number, issuing state and
 * type: equal documents give equal digests inside this server, and the number cannot be read
 * back or guessed offline without the secret. Null without a number the MRZ proved.
 */
export function documentDigest(secrets: Pick<Secrets, 'digest'>, doc: Partial<DocInfo> | undefined): string | null {
  const number = norm(doc?.docNumber);
  if (!number) return null;
  return secrets.digest(`identity:document:${norm(doc?.docType)}|${norm(doc?.issuingState)}|${number}`);
}

/** Keyed digest of the holder's names (last|first), to tell "the same face under another name". */
export function nameDigest(secrets: Pick<Secrets, 'digest'>, doc: Partial<DocInfo> | undefined): string | null {
  const last = norm(doc?.lastName);
  const first = norm(doc?.firstName);
  if (!last && !first) return null;
  return secrets.digest(`identity:name:${last}|${first}`);
}

/** Euclidean distance of two descriptors (the face model's scale, face-thresholds.ts). */
export function euclidean(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) { const d = a[i]! - (b[i] ?? 0); sum += d * d; }
  return Math.sqrt(sum);
}
