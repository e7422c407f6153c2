import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from '../cli-test-server';
import { campaignsCommands } from './campaigns';
import { runGroup } from './cli-runner.testkit';

let s: CliServer;
beforeAll(async () => { s = await startCliServer(); });
afterAll(async () => { await s.close(); });
const idv = (argv: string[]) => runGroup(s, campaignsCommands, argv);
const file = (name: string, body: unknown) => {
  const p = join(s.h.ctx.settings.dataDir, name);
  writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body));
  return p;
};

describe('idv campaigns', () => {
  it('list and show the default campaign', async () => {
    const l = await idv(['list']);
    expect(l.code).toBe(0);
    expect(l.stdout).toMatch(/^ID\s+NAME\s+PUBLISHED\s+LATEST\s+DRAFT\s+UPDATED\ndefault\s+Default\s+1\s+1\s+-\s+2026-01-05 10:00:00Z\n$/);
    const sh = await idv(['show', 'default']);
    expect(sh.stdout).toMatch(/steps:\s+business, contact, representative, officers, ownership, documents, liveness, review/);
    expect(sh.stdout).toMatch(/ownership threshold:\s+25 %/);
    expect(sh.stdout).toMatch(/v1 {2}published 2026-01-05 10:00:00Z/);
    expect((await idv(['show', 'nope'])).code).toBe(1);
  });

  it('create from a file, then publish; --json gives the data', async () => {
    const p = file('c.json', {
      name: 'Merchants',
      definition: { steps: ['business', 'questions', 'review'], livenessRequired: false, questions: [{ id: 'volume', label: 'Volume', type: 'short_text', required: true }] },
    });
    const c = await idv(['create', '--file', p, '--id', 'merchants']);
    expect(c.code).toBe(0);
    expect(c.stdout).toBe('Campaign created with a draft version: merchants v1 (draft). Publish it with: npm run idv -- campaigns publish merchants\n');
    const pub = await idv(['publish', 'merchants', '--json']);
    expect(JSON.parse(pub.stdout)).toEqual({ id: 'merchants', publishedVersion: 1 });
    expect((await idv(['publish', 'merchants'])).code).toBe(1);
    const again = await idv(['create', '--file', p, '--id', 'merchants', '--name', 'Merchants v2']);
    expect(again.stdout).toMatch(/^Draft version added: merchants v2 \(draft\)/);
    const shown = JSON.parse((await idv(['show', 'merchants', '--json'])).stdout);
    expect(shown).toMatchObject({ name: 'Merchants v2', publishedVersion: 1, draftVersion: 2 });
  });

  it('refuses a bad file before calling the server', async () => {
    const bad = await idv(['create', '--file', file('bad.json', { name: 'X', definition: { ownershipThreshold: 0 } })]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/definition\.ownershipThreshold/);
    expect((await idv(['create', '--file', file('junk.json', '{nope')])).code).toBe(2);
    expect((await idv(['create', '--file', join(s.h.ctx.settings.dataDir, 'missing.json')])).code).toBe(2);
    expect((await idv(['create'])).code).toBe(2);
    expect(JSON.parse((await idv(['list', '--json'])).stdout).map((c: { id: string }) => c.id)).toEqual(['default', 'merchants']);
  });
});
