import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from './cli-test-server';

/** The admin token as bootstrap makes it and as the CLI finds it. */
describe('admin token', () => {
  const servers: CliServer[] = [];
  afterAll(async () => { for (const s of servers) await s.close(); });

  it('is generated in DATA_DIR with mode 0600 and read from there by idv', async () => {
    const s = await startCliServer();
    servers.push(s);
    const file = join(s.h.ctx.settings.dataDir, 'admin-token');
    const st = statSync(file);
    expect(st.mode & 0o777).toBe(0o600);
    expect(s.h.ctx.adminToken.length).toBeGreaterThanOrEqual(32);
    const r = await s.idv(['keys', 'list', '--json']);
    expect(r.code).toBe(0);
  });

  it('IDV_ADMIN_TOKEN overrides the file: no file is written, idv uses the variable', async () => {
    const token = 'env-admin-token-'.padEnd(48, 'x');
    const s = await startCliServer({ IDV_ADMIN_TOKEN: token });
    servers.push(s);
    expect(s.h.ctx.adminToken).toBe(token);
    expect(() => statSync(join(s.h.ctx.settings.dataDir, 'admin-token'))).toThrow();
    expect((await s.idv(['keys', 'list'])).stderr).toMatch(/no admin token/);
    expect((await s.idv(['keys', 'list', '--json'], { IDV_ADMIN_TOKEN: token })).code).toBe(0);
  });
});
