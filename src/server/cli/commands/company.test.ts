import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema';
import { insertCompany, submittedCompany } from '../../company/company.testkit';
import { startCliServer, type CliServer } from '../cli-test-server';
import { runGroup } from './cli-runner.testkit';
import { companyCommands } from './company';

let s: CliServer;
let liveKey: string;
beforeAll(async () => {
  s = await startCliServer();
  liveKey = (await s.h.createKey({ mode: 'live' })).id;
});
afterAll(async () => { await s.close(); });
const idv = (argv: string[]) => runGroup(s, companyCommands, argv);
const eventTypes = async (id: string) => (await s.h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, id)).orderBy(asc(webhookEvents.id)))
  .map((e) => e.eventType);

describe('idv company', () => {
  it('list shows verifications with flags; --status filters', async () => {
    expect((await idv(['list'])).stdout).toBe('No company verifications.\n');
    const c = await submittedCompany(s.h.ctx, { apiKeyId: liveKey, vendorData: 'shop-1' });
    await insertCompany(s.h.ctx, { apiKeyId: liveKey });
    const all = await idv(['list']);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+MODE\s+COMPANY\s+FLAGS\s+VENDOR DATA\s+SUBMITTED$/);
    expect(lines).toHaveLength(3);
    const sub = await idv(['list', '--status', 'submitted']);
    expect(sub.stdout.trimEnd().split('\n')[1]).toMatch(new RegExp(`^${c.id}\\s+submitted\\s+live\\s+Acme Ltd \\(NGA\\)\\s+owner_details_missing,liveness_failed\\s+shop-1\\s+2026-01-05`));
    expect((await idv(['list', '--status', 'done'])).code).toBe(2);
    expect((await idv(['list', '--limit', '0'])).code).toBe(2);
  });

  it('review then decide a live verification, with the events', async () => {
    const c = await submittedCompany(s.h.ctx, { apiKeyId: liveKey });
    const r = await idv(['review', c.publicId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/status:\s+under review \(2004\)/);
    const noReason = await idv(['decide', c.id, 'failed', '--reason', '  ']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason: a reason is required for failed');
    expect((await idv(['decide', c.id, 'failed'])).code).toBe(2);
    const d = await idv(['decide', c.id, 'successful', '--reason', 'Registry checked']);
    expect(d.stdout).toMatch(/status:\s+successful \(2060\)/);
    expect(await eventTypes(c.id)).toEqual([
      'company_verification.liveness_completed', 'company_verification.submitted',
      'company_verification.under_review', 'company_verification.successful',
    ]);
    const again = await idv(['decide', c.id, 'failed', '--reason', 'x']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/cannot change from its current status/);
    expect((await idv(['review', 'cv_missing'])).code).toBe(1);
  });

  it('decide failed straight from submitted, --json', async () => {
    const c = await submittedCompany(s.h.ctx, { apiKeyId: liveKey });
    const d = await idv(['decide', c.id, 'failed', '--reason', 'Documents unreadable', '--json']);
    expect(JSON.parse(d.stdout)).toMatchObject({ id: c.id, status: 'failed', statusCode: 4004 });
    expect((await eventTypes(c.id)).at(-1)).toBe('company_verification.failed');
  });
});
