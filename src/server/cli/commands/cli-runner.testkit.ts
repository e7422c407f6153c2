import { parseCommandLine } from '../args';
import { AdminClient } from '../client';
import { type CommandGroup } from '../command';
import { UsageError } from '../errors';
import type { CliServer } from '../cli-test-server';
import { Output } from '../output';

/**
 * Runs one command of a group over real HTTP, as idv.ts does once the group is registered
 * (tests of groups that idv.ts may not list yet). Exit codes as idv.ts maps them.
 */
export async function runGroup(s: CliServer, group: CommandGroup, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = new Output({ write: (t: string) => { stdout += t; } }, { write: (t: string) => { stderr += t; } });
  const [name, ...rest] = argv;
  const cmd = group.commands.find((c) => c.name === name);
  if (!cmd) throw new Error(`no command ${name}`);
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
