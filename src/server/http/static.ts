import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';

/**
 * Served when the build has no robots.txt (public/robots.txt is copied into it by Vite): never
 * answer /robots.txt with the app's index.html, which crawlers would read as "allow all".
 */
export const ROBOTS_TXT_FALLBACK = 'User-agent: *\nDisallow: /\n';

/**
 * Serves the built single-page app from dist/web. Hashed assets are cached for a year; any other
 * non-API GET gets index.html (client-side routes), never cached so a deploy takes effect.
 */
export function mountWebApp(app: Hono, webRoot = 'dist/web', indexHtmlHeaders?: (url: URL) => Promise<Record<string, string>>) {
  const root = resolve(webRoot);
  const indexPath = join(root, 'index.html');
  // Phones on slow networks: the app's text assets (JS, CSS, HTML, the WASM loader) go gzipped.
  const gzip = compress({ encoding: 'gzip' });
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : gzip(c, next)));
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    // Only file-like paths (a dot in the last segment) are looked up on disk; everything else is
    // a client-side route and gets index.html below.
    const last = c.req.path.slice(c.req.path.lastIndexOf('/') + 1);
    if (c.req.path.startsWith('/api/') || !last.includes('.')) return next();
    return serveStatic({ root: webRoot, precompressed: true })(c, next);
  });
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    if (c.req.path === '/robots.txt') return c.text(ROBOTS_TXT_FALLBACK, 200, { 'Cache-Control': 'no-cache' });
    if (!existsSync(indexPath)) return c.text('The web app is not built: run `npm run build`.', 503);
    const extra = indexHtmlHeaders ? await indexHtmlHeaders(new URL(c.req.url)) : {};
    return c.html(readFileSync(indexPath, 'utf8'), 200, { 'Cache-Control': 'no-cache', ...extra });
  });
}
