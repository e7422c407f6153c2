import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebSize { initialJsGzip: number; initialCssGzip: number; initialFiles: string[]; allJsGzip: number; budgetJsGzip: number }

const gz = (p: string) => gzipSync(readFileSync(p), { level: 9 }).length;

/**
 * Bytes before the first screen: the entry script and the chunks index.html preloads (what the
 * browser fetches before React renders the loading/welcome screen), gzip level 9.
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
    budgetJsGzip: 150 * 1024,
  };
}
