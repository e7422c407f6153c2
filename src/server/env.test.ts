import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './env';

/** The SettingsError message for one environment (fails the test when it loads). */
function problem(env: Record<string, string>): string {
  try {
    loadSettings(env);
  } catch (e) {
    expect(e).toBeInstanceOf(SettingsError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('settings', () => {
  it('has defaults: PUBLIC_URL from PORT, base_url under /api, HOSTED_URL = PUBLIC_URL', () => {
    const s = loadSettings({});
    expect(s).toMatchObject({
      port: 8080, host: '0.0.0.0', dataDir: './data', publicUrl: 'http://localhost:8080',
      baseUrl: 'http://localhost:8080/api', hostedUrl: 'http://localhost:8080', logLevel: 'info',
      mediaUrlTtlSeconds: 3600, webhookMediaUrlTtlSeconds: 259_200, webhookWorker: true, webhookAllowPrivate: true,
    });
    expect(s.databaseUrl).toBeUndefined();
    expect(s.secret).toBeUndefined();
    expect(loadSettings({ PORT: '9000' })).toMatchObject({ port: 9000, publicUrl: 'http://localhost:9000', baseUrl: 'http://localhost:9000/api' });
    // Empty means unset (a blank line in an env file).
    expect(loadSettings({ PORT: '', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:8080');
  });

  it('takes valid values and normalises URLs (trailing slash, host case)', () => {
    const s = loadSettings({
      PORT: '65535', PUBLIC_URL: 'https://IDV.example.com/', HOSTED_URL: 'https://verify.example.com/flow//',
      DATABASE_URL: 'postgresql://u:p@db:5432/idv', IDV_SECRET: 's'.repeat(32), IDV_ADMIN_TOKEN: 't'.repeat(40),
      LOG_LEVEL: 'warn', MEDIA_URL_TTL_SECONDS: '600', WEBHOOK_MEDIA_URL_TTL_SECONDS: '604800',
      WEBHOOK_WORKER: '0', WEBHOOK_ALLOW_PRIVATE: '0',
    });
    expect(s).toMatchObject({
      port: 65535, publicUrl: 'https://idv.example.com', baseUrl: 'https://idv.example.com/api',
      hostedUrl: 'https://verify.example.com/flow', databaseUrl: 'postgresql://u:p@db:5432/idv',
      secret: 's'.repeat(32), adminToken: 't'.repeat(40), logLevel: 'warn', mediaUrlTtlSeconds: 600,
      webhookMediaUrlTtlSeconds: 604_800, webhookWorker: false, webhookAllowPrivate: false,
    });
    expect(loadSettings({ DATABASE_URL: 'postgres://localhost/idv' }).databaseUrl).toBe('postgres://localhost/idv');
  });

  it.each([' ', '8080x', '0', '65536', '-1', '80.5', '1e3', '+80', ' 80'])('refuses PORT=%j', (port) => {
    const msg = problem({ PORT: port });
    expect(msg).toContain('PORT: must be an integer from 1 to 65535, written in digits');
    expect(msg).toContain(`(got ${JSON.stringify(port)})`);
  });

  it.each([
    'localhost:8080', 'idv.example.com', 'ftp://idv.example.com', 'http:idv.example.com', 'https://',
    'https://idv.example.com/?a=1', 'https://idv.example.com/#x', 'https://idv.example.com?', 'javascript:alert(1)',
    'https://idv.example .com',
  ])('refuses PUBLIC_URL and HOSTED_URL %j', (url) => {
    for (const name of ['PUBLIC_URL', 'HOSTED_URL']) {
      expect(problem({ [name]: url })).toContain(`${name}: must be an absolute http(s) URL without credentials, query or fragment`);
    }
  });

  it('does not echo a URL that carries credentials', () => {
    const msg = problem({ PUBLIC_URL: 'https://user:hunter2@idv.example.com' });
    expect(msg).toContain('PUBLIC_URL: must be an absolute http(s) URL');
    expect(msg).not.toContain('hunter2');
  });

  it.each([
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL: must be one of debug, info, warn, error, silent (got "verbose")'],
    ['LOG_LEVEL', 'INFO', 'LOG_LEVEL: must be one of'],
    ['MEDIA_URL_TTL_SECONDS', '0', 'MEDIA_URL_TTL_SECONDS: must be an integer from 60 to 604800 seconds'],
    ['MEDIA_URL_TTL_SECONDS', '3600s', 'MEDIA_URL_TTL_SECONDS: must be an integer from 60 to 604800 seconds'],
    ['MEDIA_URL_TTL_SECONDS', '604801', 'MEDIA_URL_TTL_SECONDS: must be an integer'],
    ['WEBHOOK_MEDIA_URL_TTL_SECONDS', '-5', 'WEBHOOK_MEDIA_URL_TTL_SECONDS: must be an integer from 60 to 2592000 seconds'],
    ['WEBHOOK_MEDIA_URL_TTL_SECONDS', '2592001', 'WEBHOOK_MEDIA_URL_TTL_SECONDS: must be an integer'],
    ['WEBHOOK_WORKER', 'yes', 'WEBHOOK_WORKER: must be 0 or 1'],
    ['WEBHOOK_WORKER', 'true', 'WEBHOOK_WORKER: must be 0 or 1'],
    ['WEBHOOK_ALLOW_PRIVATE', '2', 'WEBHOOK_ALLOW_PRIVATE: must be 0 or 1'],
    ['DATABASE_URL', 'mysql://db/idv', 'DATABASE_URL: must be a postgres:// or postgresql:// connection URL'],
    ['DATABASE_URL', 'postgres://', 'DATABASE_URL: must be a postgres:// or postgresql:// connection URL'],
    ['HOST', 'local host', 'HOST: must be a host name or IP address'],
    ['DATA_DIR', '   ', 'DATA_DIR: must be a directory path'],
  ])('refuses %s=%j', (name, value, expected) => {
    expect(problem({ [name]: value })).toContain(expected);
  });

  it('refuses short secrets without showing them', () => {
    for (const name of ['IDV_SECRET', 'IDV_ADMIN_TOKEN']) {
      const msg = problem({ [name]: 'short-secret-value' });
      expect(msg).toContain(`${name}: must be at least 32 characters`);
      expect(msg).not.toContain('short-secret-value');
    }
    expect(problem({ DATABASE_URL: 'mysql://u:pw-123@db/x' })).not.toContain('pw-123');
  });

  it('names every bad setting at once', () => {
    const msg = problem({ PORT: '0', LOG_LEVEL: 'loud', WEBHOOK_WORKER: 'no' });
    expect(msg.split('\n').slice(1).map((l) => l.trim().split(':')[0])).toEqual(['PORT', 'LOG_LEVEL', 'WEBHOOK_WORKER']);
  });

  it('stops the server with exit code 2 and the message on stderr', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root, env: { ...process.env, PORT: '8080x', DATA_DIR: 'memory://' }, encoding: 'utf8', timeout: 20_000,
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Invalid settings:');
    expect(res.stderr).toContain('PORT: must be an integer from 1 to 65535');
  });
});
