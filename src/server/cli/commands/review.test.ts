import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDecisions } from '../../individual/decision';
import { captureAll, createSession, eventsOf, hostedPath } from '../../individual/routes/hosted.testkit';
import { parseCommandLine } from '../args';
import { AdminClient } from '../client';
import { UsageError } from '../errors';
import { startCliServer, type CliServer } from '../cli-test-server';
import { Output } from '../output';
import { reviewCommands } from './review';

let s: CliServer;
let live: string;

beforeAll(async () => {
  s = await startCliServer();
  live = (await s.h.createKey({ mode: 'live' })).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await s.close();
});

/** Runs one `review` command over real HTTP, as idv.ts does once the group is registered. */
async function review(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = new Output({ write: (t: string) => { stdout += t; } }, { write: (t: string) => { stderr += t; } });
  const [name, ...rest] = argv;
  const cmd = reviewCommands.commands.find((c) => c.name === name)!;
  try {
    const { opts, positionals } = parseCommandLine(rest, cmd);
    const code = await cmd.run({
      args: positionals, opts, json: opts.flag('json'), out, client: () => new AdminClient(s.url, s.h.ctx.adminToken),
    });
    return { code: code ?? 0, stdout, stderr };
  } catch (e) {
    return { code: e instanceof UsageError ? 2 : ((e as { exitCode?: number }).exitCode ?? 1), stdout, stderr: (e as Error).message };
  }
}

async function inReview(): Promise<string> {
  const id = await createSession(s.h, live);
  await captureAll(s.h, id, 'NATIONAL_ID', 'NGA');
  await s.h.request('POST', hostedPath(id, '/submit'));
  await settleDecisions();
  return id;
}

describe('idv review', () => {
  it('list shows sessions waiting for review; --json gives the items', async () => {
    expect((await review(['list'])).stdout).toBe('Nothing to review.\n');
    const id = await inReview();
    const r = await review(['list']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^VERIFICATION ID\s+KEY\s+DOCUMENT\s+RESUBMISSIONS\s+VENDOR DATA\s+FACE\s+WHY\s+SUBMITTED$/);
    expect(lines[1]).toMatch(new RegExp(`^${id}\\s+key_\\w+\\s+NATIONAL_ID NGA\\s+0\\s+user-42\\s+-\\s+-\\s+2026-01-05 10:00:00Z$`));
    const j = JSON.parse((await review(['list', '--json'])).stdout);
    expect(j).toEqual([expect.objectContaining({ verificationId: id, resubmissions: 0 })]);
  });

  it('decide successful with docInfo flags', async () => {
    const id = await inReview();
    const r = await review(['decide', id, 'successful', '--doc-number', 'A123', '--first-name', 'Ada', '--last-name', 'Obi',
      '--dob', '1990-01-31', '--sex', 'F', '--expiry-date', '2030-01-01', '--issue-date', '2020-01-01', '--middle-name', 'N']);
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toMatch(/status:\s+successful \(2010\)/);
    const last = (await eventsOf(s.h, id)).at(-1)!;
    expect(last.type).toBe('verification.successful');
    expect(last.data.docInfo).toMatchObject({ docNumber: 'A123', firstName: 'Ada', lastName: 'Obi', middleName: 'N', dob: '1990-01-31', sex: 'F', expiryDate: '2030-01-01', issueDate: '2020-01-01' });
  });

  it('decide failed needs --reason; resubmit twice ends failed with the limit code', async () => {
    const id = await inReview();
    const noReason = await review(['decide', id, 'failed']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--reason: a reason is required/);
    expect((await review(['decide', id, 'successful', '--dob', '31/01/1990'])).stderr).toMatch(/^--dob:/);
    expect((await review(['decide', id, 'maybe'])).code).toBe(2);

    const first = await review(['decide', id, 'resubmit', '--reason', 'blurry']);
    expect(first.stdout).toContain('The person can capture again with the same link.');
    await captureAll(s.h, id);
    await s.h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    const second = await review(['decide', id, 'resubmit', '--reason', 'still blurry', '--json']);
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'failed', reason: 'Resubmission limit exceeded' });
    expect((await eventsOf(s.h, id)).at(-1)!.data).toMatchObject({ reasonCode: 4290 });

    const closed = await review(['decide', id, 'failed', '--reason', 'x']);
    expect(closed).toMatchObject({ code: 1, stderr: 'Verification is not waiting for review' });
    expect((await review(['decide', 'f'.repeat(32), 'successful'])).code).toBe(1);
  });
});
