import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../bootstrap';
import { loadSettings } from '../env';
import { createHarness, type Harness } from '../testing/harness';
import { SEALED_MARKER, sealExistingMedia } from './seal-existing';
import { deriveMediaKey, isSealed, MediaTamperedError, SealedStorage } from './sealed-storage';
import { createMediaSigner } from './signed-url';
import { FileStorage, mediaRoot } from './storage';

// Media at rest: what lies on disk is not an image, one flipped byte is refused (never served),
// a sealed file moved under another key is refused, and plain files are sealed at start.
let h: Harness;
let jpeg: Buffer;
const KEY = 'verifications/v1/selfie-a.jpg';

beforeAll(async () => {
  h = await createHarness();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } }).jpeg().toBuffer();
});
afterAll(async () => { await h.close(); });

const onDisk = (key: string) => join(mediaRoot(h.ctx.settings.dataDir), key);
const served = async (key: string) => {
  const url = new URL(createMediaSigner(h.ctx).url(key));
  return h.request('GET', url.pathname + url.search);
};

describe('media encrypted at rest', () => {
  it('stores ciphertext: the file on disk is no image and holds none of the plain bytes; the media route serves the original', async () => {
    await h.ctx.storage.put(KEY, jpeg);
    const raw = readFileSync(onDisk(KEY));
    expect(isSealed(raw)).toBe(true);
    expect(raw.length).toBe(jpeg.length + 6 + 12 + 16);
    await expect(sharp(raw).metadata()).rejects.toThrow();
    expect(raw.includes(jpeg.subarray(100, 132))).toBe(false);
    const res = await served(KEY);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await h.ctx.storage.get(KEY)).toEqual(jpeg);
  });

  it('refuses a file with one flipped byte, or one moved under another key, and never serves it', async () => {
    const raw = readFileSync(onDisk(KEY));
    for (const at of [8, 30, raw.length - 3]) {
      const bad = Buffer.from(raw);
      bad[at] = (bad[at] ?? 0) ^ 0x01;
      writeFileSync(onDisk(KEY), bad);
      await expect(h.ctx.storage.get(KEY)).rejects.toBeInstanceOf(MediaTamperedError);
      expect((await served(KEY)).status).toBe(404);
    }
    const moved = 'verifications/v1/selfie-b.jpg';
    writeFileSync(onDisk(moved), raw);
    await expect(h.ctx.storage.get(moved)).rejects.toBeInstanceOf(MediaTamperedError);
    // A plain file dropped in place of a sealed one is refused as well.
    writeFileSync(onDisk(moved), jpeg);
    await expect(h.ctx.storage.get(moved)).rejects.toBeInstanceOf(MediaTamperedError);
    writeFileSync(onDisk(KEY), raw);
    expect(await h.ctx.storage.get(KEY)).toEqual(jpeg);
  });

  it('seals the plain files of an existing data directory at start, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idv-seal-'));
    try {
      const plain = join(mediaRoot(dir), 'companies/c1/doc.pdf');
      mkdirSync(join(mediaRoot(dir), 'companies/c1'), { recursive: true });
      writeFileSync(plain, '%PDF-1.4 plain');
      writeFileSync(join(mediaRoot(dir), 'companies/c1/half.pdf.abc.tmp'), 'partial');
      const settings = loadSettings({ DATA_DIR: dir, IDV_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
      const { ctx, database } = await buildContext(settings);
      expect(isSealed(readFileSync(plain))).toBe(true);
      expect((await ctx.storage.get('companies/c1/doc.pdf'))?.toString()).toBe('%PDF-1.4 plain');
      expect(readFileSync(join(mediaRoot(dir), 'companies/c1/half.pdf.abc.tmp'), 'utf8')).toBe('partial');
      await database.close();
      const key = deriveMediaKey(Buffer.from('x'.repeat(40), 'utf8'));
      // Once a full pass is done, later starts skip the scan; without the marker a pass finds nothing left.
      expect(await sealExistingMedia(new FileStorage(mediaRoot(dir)), key)).toEqual({ sealed: 0, alreadySealed: 0, skipped: true });
      rmSync(join(mediaRoot(dir), SEALED_MARKER));
      expect(await sealExistingMedia(new FileStorage(mediaRoot(dir)), key)).toEqual({ sealed: 0, alreadySealed: 1, skipped: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with MEDIA_ENCRYPTION=0 writes new files plain and still opens sealed ones; another secret opens nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idv-plain-'));
    try {
      const inner = new FileStorage(join(dir, 'media'));
      const key = deriveMediaKey(Buffer.from('s'.repeat(40)));
      const sealedStore = new SealedStorage(inner, key, { sealNew: true });
      const plainStore = new SealedStorage(inner, key, { sealNew: false });
      await sealedStore.put('a.jpg', jpeg);
      await plainStore.put('b.jpg', jpeg);
      expect(readFileSync(join(dir, 'media/b.jpg'))).toEqual(jpeg);
      expect(await plainStore.get('a.jpg')).toEqual(jpeg);
      expect(await plainStore.get('b.jpg')).toEqual(jpeg);
      const otherSecret = new SealedStorage(inner, deriveMediaKey(Buffer.from('t'.repeat(40))), { sealNew: true });
      await expect(otherSecret.get('a.jpg')).rejects.toBeInstanceOf(MediaTamperedError);
      expect(existsSync(join(dir, 'media/a.jpg'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
