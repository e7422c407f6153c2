import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The floor plan held by tests (docs/architecture.md): no import circle anywhere under src/,
// nothing under src/ imports e2e/, no folder past 30 source files, and the lint zones of
// eslint.config.js refuse what they are meant to refuse (so a rule that stopped matching fails
// here, not silently).

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const isCode = (f: string) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts');
const isTest = (f: string) => /\.(test|testkit|fixture)\.tsx?$/.test(f);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : isCode(path) ? [path] : [];
  });
}

/** Relative import specifiers of a file (static, dynamic, type-only, re-exports). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)['"]/g)) found.push(m[1]!);
  return found;
}

function resolveSpec(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch { /* next */ }
  }
  return null;
}

const files = walk(SRC);
const edges = new Map(files.map((f) => [f, specifiers(readFileSync(f, 'utf8')).map((s) => ({ spec: s, to: resolveSpec(f, s) }))]));

/** Strongly connected components of more than one file (Tarjan), as repo-relative paths. */
function circles(): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); on.add(v);
    for (const { to } of edges.get(v) ?? []) {
      if (!to || !edges.has(to)) continue;
      if (!idx.has(to)) { visit(to); low.set(v, Math.min(low.get(v)!, low.get(to)!)); } else if (on.has(to)) low.set(v, Math.min(low.get(v)!, idx.get(to)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); c.push(relative(ROOT, w)); } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return out;
}

describe('the floor plan', () => {
  it('has no import circle under src/ (type-only imports count too)', () => {
    expect(circles()).toEqual([]);
  });

  it('never imports e2e/ from src/, and product code never imports test-support/', () => {
    const bad: string[] = [];
    for (const [from, list] of edges) {
      for (const { spec, to } of list) {
        const target = to ? relative(ROOT, to) : spec;
        if (/(^|\/)e2e\//.test(target)) bad.push(`${relative(ROOT, from)} -> ${spec}`);
        if (!isTest(from) && /(^|\/)test-support\//.test(target)) bad.push(`${relative(ROOT, from)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps every folder under src/ at 30 source files or fewer', () => {
    const counts = new Map<string, number>();
    for (const f of files) if (!isTest(f)) counts.set(dirname(f), (counts.get(dirname(f)) ?? 0) + 1);
    const crowded = [...counts].filter(([, n]) => n > 30).map(([d, n]) => `${relative(ROOT, d)}: ${n}`);
    expect(crowded).toEqual([]);
  });

  describe('lint zones', () => {
    const eslint = new ESLint({ cwd: ROOT });
    /** The restricted-import messages ESLint gives `source` as if it were the file `path`. */
    const refusals = async (path: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath: join(ROOT, path) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    const probe = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;

    it.each([
      ['a capability importing a wing', 'src/server/decisions/probe.ts', '../individual/store'],
      ['a capability importing the company wing', 'src/server/media/probe.ts', '../company/store'],
      ['a nested capability file importing a wing', 'src/server/decisions/mrz/probe.ts', '../../individual/record'],
      ['the platform importing a composer', 'src/server/db/probe.ts', '../dashboard/dashboard.routes'],
      ['the individual wing importing the company wing', 'src/server/individual/probe.ts', '../company/store'],
      ['a company route importing the individual wing', 'src/server/company/routes/probe.ts', '../../individual/record'],
      ['a wing store importing the HTTP framework', 'src/server/company/probe.ts', 'hono'],
      ['product code importing e2e/', 'src/vision/document/probe.ts', '../../../e2e/support/camera'],
      ['product code importing test-support/', 'src/server/media/probe.ts', '../../../test-support/cards/id-card'],
    ])('refuses %s', async (_what, path, spec) => {
      expect((await refusals(path, probe(spec))).length).toBeGreaterThan(0);
    });

    it.each([
      ['a wing importing a capability', 'src/server/individual/probe.ts', '../decisions/rules'],
      ['a composer importing both wings', 'src/server/dashboard/probe.ts', '../company/store'],
      ['app.ts importing a wing', 'src/server/probe.ts', './individual/store'],
      ['a capability importing another capability', 'src/server/media/probe.ts', '../decisions/barcode/read-barcode'],
      ['a unit test importing test-support/', 'src/server/media/probe.test.ts', '../../../test-support/cards/id-card'],
    ])('allows %s', async (_what, path, spec) => {
      expect(await refusals(path, probe(spec))).toEqual([]);
    });
  });
});
