import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Server-side secret handling. `serverSecret` is 32 bytes derived from IDV_SECRET or read from
 * DATA_DIR/secret (generated once, mode 0600). Digests find rows without storing the value.
 */
export class Secrets {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(serverSecret: Buffer) {
    // Separate keys for encryption and lookup digests, both derived from the one secret.
    this.encKey = createHash('sha256').update('idv:enc:').update(serverSecret).digest();
    this.macKey = createHash('sha256').update('idv:mac:').update(serverSecret).digest();
  }

  digest(value: string): string {
    return createHmac('sha256', this.macKey).update(value).digest('hex');
  }

  /** AES-256-GCM; output is base64(iv[12] | tag[16] | ciphertext). */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
  }

  decrypt(sealed: string): string {
    const buf = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** Constant-time string comparison (lengths may differ; the comparison still takes fixed work). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
