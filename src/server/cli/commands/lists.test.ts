import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from '../cli-test-server';
import { listsCommands } from './lists';
import { runGroup } from './cli-runner.testkit';

// `idv lists` over real HTTP against a real server, with the real OFAC legacy files.
let s: CliServer;
beforeAll(async () => { s = await startCliServer(); });
afterAll(async () => { await s.close(); });
const idv = (argv: string[]) => runGroup(s, listsCommands, argv);
const data = 'src/server/screening/importers/testdata';
const copy = (from: string, to: string) => { const p = join(s.h.ctx.settings.dataDir, to); copyFileSync(join(data, from), p); return p; };

describe('idv lists', () => {
  it('imports the OFAC legacy set by file name, shows the version, and an unchanged file adds a version with nothing changed', async () => {
    const files = [copy('ofac-sdn.csv', 'SDN.CSV'), copy('ofac-alt.csv', 'ALT.CSV'), copy('ofac-add.csv', 'ADD.CSV'), copy('ofac-sdn_comments.csv', 'SDN_COMMENTS.CSV')];
    const first = await idv(['import', 'ofac-sdn', '--format', 'ofac-csv', '--name', 'OFAC SDN', ...files]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^List imported: ofac-sdn v1: 8976 entities, \d+ names; 8976 added, 0 removed, 0 changed\./);
    const again = await idv(['import', 'ofac-sdn', '--format', 'ofac-csv', ...files]);
    expect(again.stdout).toMatch(/ofac-sdn v2: 8976 entities, \d+ names; 0 added, 0 removed, 0 changed/);
    const show = await idv(['show', 'ofac-sdn']);
    expect(show.stdout).toMatch(/name:\s+OFAC SDN/);
    expect(show.stdout).toMatch(/v2 .* by operator: 8976 entities/);
    expect(show.stdout).toMatch(/SDN\.CSV {2}\d+ bytes {2}sha256 [0-9a-f]{16}…/);
    const list = await idv(['list']);
    expect(list.stdout).toMatch(/ofac-sdn\s+OFAC SDN\s+sanctions\s+ofac-csv\s+2/);
  });

  it('a broken file changes nothing and names its line; usage errors exit 2', async () => {
    const bad = join(s.h.ctx.settings.dataDir, 'own.csv');
    writeFileSync(bad, 'id,name,aliases,kind,birth_date,countries,identifiers,notes\nc1,Jane Roe,,person,1980-02-30x,,,\n');
    const res = await idv(['import', 'own-list', '--format', 'customer-csv', bad]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/own\.csv, line 2/);
    expect((await idv(['show', 'own-list'])).code).toBe(1);
    expect((await idv(['import', 'Bad_Id', '--format', 'un-xml', bad])).code).toBe(2);
    expect((await idv(['import', 'x1', '--format', 'pdf', bad])).code).toBe(2);
    expect((await idv(['import', 'x1', '--format', 'un-xml'])).code).toBe(2);
  });

  it('monitor runs now and reports its figures', async () => {
    const res = await idv(['monitor']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Screened 0 subjects in \d+ ms: 0 with a new or changed hit, 0 hits in all\.\n$/);
  });
});
