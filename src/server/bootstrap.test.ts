import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileSecret, SecretFileError } from './bootstrap';

const fresh = () => mkdtempSync(join(tmpdir(), 'idv-secret-'));
const hex = () => randomBytes(32).toString('hex');

describe('generated secret files', () => {
  it('creates the file once with mode 0600 and reads the same value afterwards', () => {
    const dir = fresh();
    const value = fileSecret(dir, 'secret', hex);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(`${value}\n`);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(fileSecret(dir, 'secret', () => { throw new Error('must not generate again'); })).toBe(value);
    // No temp file left behind.
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it.each(['', '\n', 'abc\n', `${'x'.repeat(31)}\n`])('refuses an existing file holding %j and leaves it as it is', (content) => {
    const dir = fresh();
    writeFileSync(join(dir, 'admin-token'), content);
    const read = () => fileSecret(dir, 'admin-token', hex);
    expect(read).toThrow(SecretFileError);
    expect(read).toThrow(/admin-token holds \d+ characters; at least 32 are needed/);
    expect(readFileSync(join(dir, 'admin-token'), 'utf8')).toBe(content);
  });

  it('keeps the value of a process that created the file first (no overwrite)', () => {
    const dir = fresh();
    const winner = 'w'.repeat(64);
    // Another process creates the file between our existence check and our link.
    const value = fileSecret(dir, 'secret', () => {
      writeFileSync(join(dir, 'secret'), `${winner}\n`, { mode: 0o600 });
      return 'l'.repeat(64);
    });
    expect(value).toBe(winner);
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(`${winner}\n`);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('gives every process the same secret when several start at once', async () => {
    const dir = fresh();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const go = Date.now() + 4_000; // all processes call fileSecret at this moment, after their imports
    const script = `const { fileSecret } = await import('./src/server/bootstrap.ts');
      const { randomBytes } = await import('node:crypto');
      await new Promise((r) => setTimeout(r, Math.max(0, ${go} - 20 - Date.now())));
      while (Date.now() < ${go}) { /* spin: timers are too coarse to line the processes up */ }
      process.stdout.write(fileSecret(${JSON.stringify(dir)}, 'secret', () => randomBytes(32).toString('hex')));`;
    const run = () => new Promise<string>((resolve, reject) => {
      const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
      let out = '';
      let err = '';
      p.stdout.on('data', (c: Buffer) => { out += c.toString(); });
      p.stderr.on('data', (c: Buffer) => { err += c.toString(); });
      p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
    });
    const values = await Promise.all([run(), run(), run(), run()]);
    expect(values[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(values).size).toBe(1);
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(`${values[0]}\n`);
    expect(readdirSync(dir)).toEqual(['secret']);
  }, 30_000);

  it('stops the server with exit code 2 and the reason when the secret file is damaged', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'secret'), '\n');
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const env = { ...process.env, DATA_DIR: dir, PORT: '1', IDV_SECRET: '', DATABASE_URL: '' };
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, encoding: 'utf8', timeout: 20_000 });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain(`${join(dir, 'secret')} holds 0 characters; at least 32 are needed`);
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe('\n');
  });
});
