import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../lib/logger';
import { discardMedia } from './discard';
import { FileStorage } from './storage';

let dir: string;
let storage: FileStorage;
let warnings: { msg: string; fields?: Record<string, unknown> }[];
const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (msg, fields) => warnings.push({ msg, fields }) };
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'idv-discard-'));
  storage = new FileStorage(join(dir, 'media'));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('discardMedia', () => {
  it('deletes every given key once, skipping empty ones', async () => {
    await storage.put('verifications/v1/a.jpg', Buffer.from('a'));
    await storage.put('verifications/v1/b.jpg', Buffer.from('b'));
    await discardMedia({ storage, logger }, ['verifications/v1/a.jpg', undefined, '', null, 'verifications/v1/a.jpg'], 'v1');
    expect(await storage.get('verifications/v1/a.jpg')).toBeNull();
    expect(await storage.get('verifications/v1/b.jpg')).not.toBeNull();
    expect(warnings).toEqual([]);
  });

  it('never throws: a failure is a warning naming the subject, not the key or a path, and the rest still goes', async () => {
    await storage.put('verifications/v1/dir/inner.jpg', Buffer.from('x'));
    await storage.put('verifications/v1/c.jpg', Buffer.from('c'));
    await expect(discardMedia({ storage, logger }, ['verifications/v1/dir', '../escape', 'verifications/v1/c.jpg'], 'v1')).resolves.toBeUndefined();
    expect(await storage.get('verifications/v1/c.jpg')).toBeNull();
    expect(warnings).toHaveLength(2);
    for (const w of warnings) {
      expect(w).toMatchObject({ msg: 'stored media not deleted', fields: { subjectId: 'v1', err: expect.any(String) } });
      expect(JSON.stringify(w)).not.toMatch(/verifications\/|escape|idv-discard/);
    }
  });
});
