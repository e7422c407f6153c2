import { randomBytes } from 'node:crypto';
import type { VerificationId } from '../../contract/ids';

/** 128 random bits as 32 lowercase hex characters: URL-safe capability ids. */
export function randomHex128(): string {
  return randomBytes(16).toString('hex');
}
/** A new individual verification's id: made here as a VerificationId, the one place one is made. */
export const newVerificationId = (): VerificationId => randomHex128() as VerificationId;
export const newCompanyId = randomHex128;
export const newCompanyPublicId = () => `cv_${randomHex128()}`;
/** hostedToken: 192 random bits, base64url (URL-safe, opaque). */
export const newHostedToken = () => randomBytes(24).toString('base64url');
export const newEventId = () => `msg_${randomBytes(16).toString('base64url')}`;
export const newKeyId = () => `key_${randomBytes(8).toString('hex')}`;
/** API keys: 32 random bytes, base64url (43 chars) behind the mode prefix. */
export const newApiKey = (mode: 'test' | 'live') => `sk_${mode}_${randomBytes(32).toString('base64url')}`;
