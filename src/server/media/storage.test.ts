import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStorage } from './storage';

let dir: string;
let storage: FileStorage;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'idv-storage-'));
  storage = new FileStorage(join(dir, 'media'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FileStorage', () => {
  it('stores, reads and deletes a file, leaving its neighbours', async () => {
    await storage.put('verifications/v1/selfie-a.jpg', Buffer.from('one'));
    await storage.put('verifications/v1/selfie-b.jpg', Buffer.from('two'));
    expect((await storage.get('verifications/v1/selfie-a.jpg'))?.toString()).toBe('one');
    await storage.delete('verifications/v1/selfie-a.jpg');
    expect(await storage.get('verifications/v1/selfie-a.jpg')).toBeNull();
    expect(readdirSync(join(dir, 'media/verifications/v1'))).toEqual(['selfie-b.jpg']);
    expect((await storage.get('verifications/v1/selfie-b.jpg'))?.toString()).toBe('two');
  });

  it('treats deleting a missing file (or one in a missing folder) as done', async () => {
    await storage.put('verifications/v1/front-a.jpg', Buffer.from('x'));
    await storage.delete('verifications/v1/front-a.jpg');
    await expect(storage.delete('verifications/v1/front-a.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('verifications/none/front-b.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys that leave the media root, deleting nothing there', async () => {
    writeFileSync(join(dir, 'secret'), 'keep');
    for (const key of ['../secret', 'verifications/../../secret', '/etc/passwd', '', '.']) {
      await expect(storage.delete(key), key).rejects.toThrow('invalid media key');
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('invalid media key');
      await expect(storage.get(key), key).rejects.toThrow('invalid media key');
    }
    expect(readdirSync(dir).sort()).toEqual(['secret']);
  });

  it('reports a failure other than a missing file', async () => {
    await storage.put('verifications/v1/dir/inner.jpg', Buffer.from('x'));
    // A directory cannot be unlinked (EISDIR or EPERM, by platform): the caller hears of it.
    await expect(storage.delete('verifications/v1/dir')).rejects.toMatchObject({ code: expect.stringMatching(/^E/) });
    expect(await storage.get('verifications/v1/dir/inner.jpg')).not.toBeNull();
  });
});
