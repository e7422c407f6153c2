import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { S3Storage } from './s3-storage';
import { deriveMediaKey, MediaTamperedError, SealedStorage } from './sealed-storage';
import { FileStorage, type MediaStorage } from './storage';

// One suite, both stores: the local directory (the embedded default) and a real S3-compatible
// server started here (s3rver), each also under encryption at rest.
let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(join(tmpdir(), 'idv-suite-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => MediaStorage]> = [
  ['file', () => new FileStorage(join(dir, `media-${Math.random().toString(36).slice(2)}`))],
  ['s3', () => new S3Storage(s3.client(), s3.bucket, `run-${Math.random().toString(36).slice(2)}/`)],
];

describe.each(stores)('%s storage', (_name, make) => {
  it('stores, replaces, reads, lists and deletes; a missing key reads as null and deletes as done', async () => {
    const store = make();
    const big = Buffer.alloc(5 * 1024 * 1024 + 3, 9);
    await store.put('verifications/v1/selfie-a.jpg', Buffer.from('one'));
    await store.put('verifications/v1/selfie-a.jpg', Buffer.from('one, again'));
    await store.put('companies/c1/doc.pdf', big);
    expect((await store.get('verifications/v1/selfie-a.jpg'))?.toString()).toBe('one, again');
    expect((await store.get('companies/c1/doc.pdf'))?.equals(big)).toBe(true);
    expect(await store.get('verifications/none/x.jpg')).toBeNull();
    const listed: string[] = [];
    for await (const k of store.list!()) listed.push(k);
    expect(listed.sort()).toEqual(['companies/c1/doc.pdf', 'verifications/v1/selfie-a.jpg']);
    await store.delete('verifications/v1/selfie-a.jpg');
    await store.delete('verifications/v1/selfie-a.jpg');
    expect(await store.get('verifications/v1/selfie-a.jpg')).toBeNull();
  });

  it('refuses keys that leave their root', async () => {
    const store = make();
    for (const key of ['../secret', 'a/../../b', '/etc/passwd', '']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('invalid media key');
      await expect(store.get(key), key).rejects.toThrow('invalid media key');
    }
  });

  it('under encryption: ciphertext in the store, the original back, a flipped byte refused', async () => {
    const inner = make();
    const sealed = new SealedStorage(inner, deriveMediaKey(Buffer.from('k'.repeat(40))), { sealNew: true });
    const plain = Buffer.from('%PDF-1.4 certificate of incorporation');
    await sealed.put('companies/c2/cert.pdf', plain);
    const raw = (await inner.get('companies/c2/cert.pdf'))!;
    expect(raw.includes(Buffer.from('certificate'))).toBe(false);
    expect(await sealed.get('companies/c2/cert.pdf')).toEqual(plain);
    raw[raw.length - 20] = (raw[raw.length - 20] ?? 0) ^ 0x40;
    await inner.put('companies/c2/cert.pdf', raw);
    await expect(sealed.get('companies/c2/cert.pdf')).rejects.toBeInstanceOf(MediaTamperedError);
  });
});
