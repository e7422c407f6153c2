import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { MediaStorage } from './storage';

/** Marks a sealed file: no image or PDF starts with these bytes (JPEG FF D8, PNG 89 50, %PDF). */
const MAGIC = Buffer.from('IDVM1\n', 'latin1');
const NONCE = 12;
const TAG = 16;

export class MediaTamperedError extends Error {
  constructor(readonly key: string) {
    super(`media file ${key} failed its integrity check`);
  }
}

/** The media key: HKDF-SHA256 of the server secret (IDV_SECRET or DATA_DIR/secret), its own label. */
export function deriveMediaKey(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'idv:media:aes-256-gcm:v1', 32));
}

export const isSealed = (bytes: Buffer) => bytes.length >= MAGIC.length + NONCE + TAG && bytes.subarray(0, MAGIC.length).equals(MAGIC);

/**
 * Seals one file: MAGIC | nonce (12 random bytes) | ciphertext | GCM tag (16). The storage key
 * is the additional authenticated data, so a file copied under another key is refused too.
 */
export function seal(key: Buffer, storageKey: string, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(storageKey, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, body, cipher.getAuthTag()]);
}

export function open(key: Buffer, storageKey: string, sealed: Buffer): Buffer {
  if (!isSealed(sealed)) throw new MediaTamperedError(storageKey);
  const nonce = sealed.subarray(MAGIC.length, MAGIC.length + NONCE);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(storageKey, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + NONCE, sealed.length - TAG)), decipher.final()]);
  } catch {
    throw new MediaTamperedError(storageKey);
  }
}

/**
 * Media encrypted at rest (AES-256-GCM) over any storage. Reads accept only sealed files: a
 * plain, truncated or altered one throws MediaTamperedError and is never served. With
 * `sealNew: false` (MEDIA_ENCRYPTION=0, for measuring its cost) new files are written plain and
 * plain files read as they are; sealed files still open.
 */
export class SealedStorage implements MediaStorage {
  constructor(private readonly inner: MediaStorage, private readonly key: Buffer, private readonly opts: { sealNew: boolean; onTamper?: (key: string) => void }) {}

  async put(storageKey: string, bytes: Buffer): Promise<void> {
    await this.inner.put(storageKey, this.opts.sealNew ? seal(this.key, storageKey, bytes) : bytes);
  }

  async get(storageKey: string): Promise<Buffer | null> {
    const stored = await this.inner.get(storageKey);
    if (stored === null) return null;
    if (!this.opts.sealNew && !isSealed(stored)) return stored;
    try {
      return open(this.key, storageKey, stored);
    } catch (e) {
      this.opts.onTamper?.(storageKey);
      throw e;
    }
  }

  delete(storageKey: string): Promise<void> {
    return this.inner.delete(storageKey);
  }
}
