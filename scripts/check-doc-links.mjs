// Fails when a Markdown link or image with a relative target does not resolve.
//
//   node scripts/check-doc-links.mjs [root]     check every *.md under root (default: the repository)
//   node scripts/check-doc-links.mjs --self-test
//
// Files: the repository's tracked *.md plus new ones not ignored by git (so docs written but not
// yet committed count), never node_modules/ or .real-data/; outside a git work tree, every *.md
// found by walking root. Links: inline `[x](path)`, `![x](path)`, `[x](path#anchor)`, reference
// definitions `[x]: path`, and `<a href>` / `<img src>`, outside fenced code blocks and code spans.
// Targets with a scheme (https:, mailto:), protocol-relative `//…` and an empty target are not
// checked; a leading `/` is the repository root (as on GitHub). The file or directory must exist.
// An anchor is checked when it points into a Markdown file (or `#…` into the same file): it must
// be a heading's slug by GitHub's rules (lower case, punctuation dropped, spaces to hyphens, `-1`,
// `-2` for repeats) or an explicit `<a name|id="…">`. Anchors into other files (`x.ts#L10`) are
// not checked. Exit 1 listing `file:line → target (why)`, else 0.
//
// Each run first checks the checker on a small temporary tree (the --self-test cases), so a
// checker that stopped finding broken links fails too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP_DIRS = new Set(['node_modules', '.real-data', '.git']);

/** The Markdown files to check under root, as paths relative to it. */
export function markdownFiles(root) {
  let listed = null;
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
      cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
    });
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (resolve(top) === resolve(root)) listed = out.split('\0').filter(Boolean);
  } catch {
    listed = null;
  }
  const files = listed ?? walk(root, '');
  return [...new Set(files)]
    .filter((f) => !f.split('/').some((part) => SKIP_DIRS.has(part)))
    .filter((f) => existsSync(join(root, f)))
    .sort();
}

function walk(root, rel) {
  const found = [];
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    if (SKIP_DIRS.has(e.name)) continue;
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) found.push(...walk(root, p));
    else if (e.isFile() && e.name.toLowerCase().endsWith('.md')) found.push(p);
  }
  return found;
}

/** Lines outside fenced code blocks: [{ n, raw, text }], text with its code spans blanked. */
function proseLines(source) {
  const out = [];
  let fence = null; // { char, len }
  source.split(/\r?\n/).forEach((line, i) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence.char && m[1].length >= fence.len && /^ {0,3}[`~]+\s*$/.test(line)) fence = null;
      return;
    }
    if (m && !(m[1][0] === '`' && line.slice(m.index + m[0].length).includes('`'))) {
      fence = { char: m[1][0], len: m[1].length };
      return;
    }
    out.push({ n: i + 1, raw: line, text: blankCodeSpans(line) });
  });
  return out;
}

/** Replaces `code spans` (matching backtick runs) with spaces of the same length. */
function blankCodeSpans(line) {
  return line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (s) => ' '.repeat(s.length));
}

/** GitHub's heading slug (github-slugger): lower case, punctuation removed, spaces → hyphens. */
export function slug(headingText) {
  const text = headingText
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images → alt
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links → text
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1') // reference links → text
    .replace(/<[^>]+>/g, '') // HTML tags
    .replace(/`/g, '')
    .replace(/(^|[^\p{L}\p{N}])_{1,2}(?=\S)|(?<=\S)_{1,2}(?=[^\p{L}\p{N}_]|$)/gu, '$1'); // _emphasis_
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: heading slugs (with -1, -2… for repeats) and <a name|id>. */
export function anchorsOf(source) {
  const anchors = new Set();
  const seen = new Map();
  const add = (base) => {
    let s = base;
    if (seen.has(base)) {
      let k = seen.get(base);
      do { k += 1; s = `${base}-${k}`; } while (seen.has(s));
      seen.set(base, k);
    }
    seen.set(s, 0);
    anchors.add(s);
  };
  const lines = proseLines(source);
  lines.forEach(({ n, raw, text }, idx) => {
    for (const m of text.matchAll(/<a\s[^>]*\b(?:name|id)\s*=\s*["']([^"']+)["']/gi)) anchors.add(m[1].toLowerCase());
    const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(raw);
    if (atx) { add(slug(atx[2] ?? '')); return; }
    const next = lines[idx + 1];
    if (next && next.n === n + 1 && text.trim() !== '' && /^ {0,3}(=+|-+)[ \t]*$/.test(next.text)
      && !/^ {0,3}([-*+]|\d+[.)]|>|\|)/.test(text) && !/^ {0,3}(-{3,}|\*{3,}|_{3,})\s*$/.test(text)) {
      const prev = lines[idx - 1];
      // A setext heading underlines a one-line paragraph here (the usual case in these files).
      if (!prev || prev.n !== n - 1 || prev.text.trim() === '') add(slug(raw));
    }
  });
  return anchors;
}

/** Every link target in a Markdown source: [{ line, target }]. */
export function linksOf(source) {
  const links = [];
  for (const { n, text } of proseLines(source)) {
    for (const m of text.matchAll(/\]\(\s*(<[^>]*>|[^\s)]*(?:\([^\s)]*\)[^\s)]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)) {
      links.push({ line: n, target: m[1].replace(/^<|>$/g, '') });
    }
    const def = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text);
    if (def) links.push({ line: n, target: def[1].replace(/^<|>$/g, '') });
    for (const m of text.matchAll(/<(?:a|img)\s[^>]*\b(?:href|src)\s*=\s*["']([^"']*)["']/gi)) links.push({ line: n, target: m[1] });
  }
  return links;
}

/** Broken relative links under root: [{ file, line, target, why }]. */
export function checkLinks(root, files = markdownFiles(root)) {
  const anchorCache = new Map();
  const anchorsIn = (abs) => {
    if (!anchorCache.has(abs)) anchorCache.set(abs, anchorsOf(readFileSync(abs, 'utf8')));
    return anchorCache.get(abs);
  };
  const broken = [];
  let count = 0;
  for (const file of files) {
    const abs = join(root, file);
    for (const { line, target } of linksOf(readFileSync(abs, 'utf8'))) {
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      count += 1;
      const hash = target.indexOf('#');
      const rawPath = hash < 0 ? target : target.slice(0, hash);
      const rawAnchor = hash < 0 ? null : target.slice(hash + 1);
      let path;
      let anchor;
      try {
        path = decodeURIComponent(rawPath.replace(/\?.*$/, ''));
        anchor = rawAnchor === null ? null : decodeURIComponent(rawAnchor);
      } catch {
        broken.push({ file, line, target, why: 'bad %-escape' });
        continue;
      }
      const dest = path === '' ? abs : path.startsWith('/') ? join(root, path) : resolve(dirname(abs), path);
      const rel = relative(root, dest);
      if (rel.startsWith('..') || rel.split(sep).includes('..')) {
        broken.push({ file, line, target, why: 'outside the repository' });
        continue;
      }
      if (!existsSync(dest)) {
        broken.push({ file, line, target, why: 'no such file or directory' });
        continue;
      }
      if (anchor && statSync(dest).isFile() && dest.toLowerCase().endsWith('.md')) {
        if (!anchorsIn(dest).has(anchor.toLowerCase())) broken.push({ file, line, target, why: `no heading #${anchor}` });
      }
    }
  }
  return { broken, count, files: files.length };
}

/** The checker on a small tree: what must pass, what must fail. Throws on a mismatch. */
export function selfTest() {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  try {
    const put = (p, text) => { mkdirSync(dirname(join(dir, p)), { recursive: true }); writeFileSync(join(dir, p), text); };
    put('README.md', [
      '# Title', '', 'See [ops](docs/ops.md#running-in-production), [same](#the-idv-command),',
      '[dir](docs/), ![pic](img/a.png "a title"), [web](https://example.com/x.md), [mail](mailto:a@b.c),',
      '[root](/docs/ops.md), [spaces](<docs/a b.md>), [esc](docs/a%20b.md#setext-heading), [twice](docs/ops.md#notes-1),',
      '## The `idv` command', '', '`[code](missing-in-code.md)`', '', '```', '[fenced](missing-in-fence.md)', '```',
      '[bad1](docs/missing.md) and [bad2](docs/ops.md#no-such-heading) and [bad3](#nope)',
      '[ref]: docs/also-missing.md', '<img src="img/missing.png">', '[bad4](../outside.md)', '',
    ].join('\n'));
    put('docs/ops.md', '# Ops\n\n## Running in production\n\n## Notes\n\n## Notes\n\nBack [home](../README.md#title).\n');
    put('docs/a b.md', 'Setext heading\n==============\n');
    put('img/a.png', '');
    const { broken } = checkLinks(dir, ['README.md', 'docs/ops.md', 'docs/a b.md']);
    const got = broken.map((b) => b.target).sort();
    const want = ['#nope', '../outside.md', 'docs/also-missing.md', 'docs/missing.md', 'docs/ops.md#no-such-heading', 'img/missing.png'].sort();
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`self-test: expected broken ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
    const slugs = [['The `idv` command', 'the-idv-command'], ['Choices where the spec says "not shown"', 'choices-where-the-spec-says-not-shown'],
      ['Repeat identities, blocklist and risk rules', 'repeat-identities-blocklist-and-risk-rules'], ['Languages, accessibility, slow networks', 'languages-accessibility-slow-networks'],
      ['snake_case and _emphasis_', 'snake_case-and-emphasis'], ['Ünïcode & [link](x.md)', 'ünïcode--link']];
    for (const [text, want1] of slugs) {
      if (slug(text) !== want1) throw new Error(`self-test: slug(${JSON.stringify(text)}) = ${slug(text)}, expected ${want1}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    selfTest();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
  if (args.includes('--self-test')) {
    console.log('doc links: self-test passed');
    process.exit(0);
  }
  const root = resolve(args[0] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const { broken, count, files } = checkLinks(root);
  if (broken.length) {
    console.error(`doc links: ${broken.length} of ${count} relative links do not resolve:`);
    for (const b of broken) console.error(`  ${b.file}:${b.line} → ${b.target} (${b.why})`);
    process.exit(1);
  }
  console.log(`doc links: ${count} relative links in ${files} Markdown files, all resolve`);
}
