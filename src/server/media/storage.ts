import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Where uploaded media live. Keys are opaque relative paths made by the server, never by users. */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a key with no file is already done. Callers decide only from committed rows (media/discard.ts). */
  delete(key: string): Promise<void>;
  /** Every stored key (start-up migrations, retention checks); optional for read-only stores. */
  list?(): AsyncIterable<string>;
}

/** File-system storage under DATA_DIR/media; writes are atomic (temp file + rename). */
export class FileStorage implements MediaStorage {
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }
  private pathOf(key: string): string {
    const p = resolve(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new Error('invalid media key');
    return p;
  }
  async put(key: string, bytes: Buffer): Promise<void> {
    const p = this.pathOf(key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = `${p}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, p);
  }
  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }
  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
  }
  async *list(): AsyncIterable<string> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const rel of entries) {
      // Temp files of a write in progress are not media yet.
      if (rel.endsWith('.tmp') || !(await stat(join(this.root, rel))).isFile()) continue;
      yield rel.split(sep).join('/');
    }
  }
}

export function mediaRoot(dataDir: string): string {
  return join(dataDir, 'media');
}
