import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebSize { initialJsGzip: number; initialCssGzip: number; initialFiles: string[]; allJsGzip: number }

const gz = (p: string) => gzipSync(readFileSync(p), { level: 9 }).length;

/**
 * What index.html itself pulls in (entry script, preloads, CSS), gzip level 9, and all JS chunks.
 * The first screen also needs the lazily loaded flow chunk: web-journey.ts measures that in a browser.
 */
export function measureWebSize(webRoot = 'dist/web'): WebSize {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const js = refs.filter((r) => r.endsWith('.js'));
  const css = refs.filter((r) => r.endsWith('.css'));
  const assets = join(webRoot, 'assets');
  const allJs = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => join(assets, f)).filter((p) => statSync(p).isFile());
  return {
    initialJsGzip: js.reduce((n, r) => n + gz(join(webRoot, r)), 0),
    initialCssGzip: css.reduce((n, r) => n + gz(join(webRoot, r)), 0),
    initialFiles: refs,
    allJsGzip: allJs.reduce((n, p) => n + gz(p), 0),
  };
}
