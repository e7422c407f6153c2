import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mountWebApp, ROBOTS_TXT_FALLBACK } from './static';

const publicRobots = fileURLToPath(new URL('../../../public/robots.txt', import.meta.url));
/** The robots.txt rules without comments and blank lines. */
const rules = (text: string) => text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);

function appWithBuild() {
  const root = mkdtempSync(join(tmpdir(), 'idv-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  const app = new Hono();
  mountWebApp(app, root);
  return app;
}

describe('web app serving', () => {
  it('answers client routes (with query strings) with index.html, never cached', async () => {
    const app = appWithBuild();
    for (const path of ['/', '/?processId=abc', '/company?processId=a&hostedToken=b']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>app</title>');
    }
  });

  it('serves hashed assets with long caching and a JS type', async () => {
    const res = await appWithBuild().request('/assets/main-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('gzips text assets for clients that accept it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'idv-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), 'x');
    writeFileSync(join(root, 'assets', 'big-1.js'), 'console.log("hello");\n'.repeat(500));
    const app = new Hono();
    mountWebApp(app, root);
    const res = await app.request('/assets/big-1.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(1000);
  });

  it('does not serve files outside the build', async () => {
    const res = await appWithBuild().request('/../package.json');
    expect(await res.text()).not.toContain('"name"');
  });

  it('serves public/robots.txt (copied into the build) keeping every crawler out', async () => {
    expect(rules(readFileSync(publicRobots, 'utf8'))).toEqual(['User-agent: *', 'Disallow: /']);
    const root = mkdtempSync(join(tmpdir(), 'idv-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    copyFileSync(publicRobots, join(root, 'robots.txt'));
    const app = new Hono();
    mountWebApp(app, root);
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(readFileSync(publicRobots, 'utf8'));
  });

  it('never answers robots.txt with the app when the build lacks it', async () => {
    for (const app of [appWithBuild(), (() => { const a = new Hono(); mountWebApp(a, join(tmpdir(), 'idv-no-build')); return a; })()]) {
      const res = await app.request('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toBe(ROBOTS_TXT_FALLBACK);
      expect(rules(text)).toEqual(rules(readFileSync(publicRobots, 'utf8')));
    }
  });
});
