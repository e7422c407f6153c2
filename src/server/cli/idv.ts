import { pathToFileURL } from 'node:url';
import { locateCommand, parseCommandLine } from './args';
import { AdminClient, readAdminToken, resolveServerUrl, type Env } from './client';
import { type CommandGroup } from './command';
import { CliError, UsageError } from './errors';
import { commandHelp, globalHelp, groupHelp } from './help';
import { Output, type Writable } from './output';
import { keysCommands } from './commands/keys';
import { webhooksCommands } from './commands/webhooks';
import { reviewCommands } from './commands/review';
import { campaignsCommands } from './commands/campaigns';
import { listsCommands } from './commands/lists';
import { companyCommands } from './commands/company';
import { orgsCommands, usersCommands } from './commands/accounts';

/** Every command group of `idv`: to add one, import its file above and list it here. */
export const groups: CommandGroup[] = [
  keysCommands,
  webhooksCommands,
  reviewCommands,
  campaignsCommands,
  listsCommands,
  companyCommands,
  orgsCommands,
  usersCommands,
];

export interface RunIo {
  stdout: Writable;
  stderr: Writable;
  env: Env;
}

/** Runs one `idv` command line; returns the exit code (0 ok, 1 failed, 2 usage). Never exits. */
export async function run(argv: readonly string[], io: RunIo): Promise<number> {
  const out = new Output(io.stdout, io.stderr);
  const { group: groupName, command: commandName, rest } = locateCommand(argv);
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  const usage = (text: string, help: string) => {
    out.note(`error: ${text}\n\n${help}`);
    return 2;
  };

  if (!groupName) {
    if (wantsHelp) { out.line(globalHelp(groups)); return 0; }
    return usage('missing command', globalHelp(groups));
  }
  const group = groups.find((g) => g.name === groupName);
  if (!group) return usage(`unknown command '${groupName}'`, globalHelp(groups));
  const cmd = group.commands.find((c) => c.name === commandName);
  if (!cmd) {
    if (!commandName && wantsHelp) { out.line(groupHelp(group)); return 0; }
    return usage(commandName ? `unknown command '${groupName} ${commandName}'` : `missing ${groupName} command`, groupHelp(group));
  }

  try {
    const { opts, positionals } = parseCommandLine(rest, cmd);
    if (opts.flag('help')) { out.line(commandHelp(group, cmd)); return 0; }
    const serverUrl = resolveServerUrl(opts.string('url'), io.env);
    let client: AdminClient | undefined;
    const code = await cmd.run({
      args: positionals,
      opts,
      json: opts.flag('json'),
      out,
      client: () => (client ??= new AdminClient(serverUrl, readAdminToken(io.env))),
    });
    return code ?? 0;
  } catch (e) {
    if (e instanceof UsageError) {
      out.note(`error: ${e.message}\nSee: npm run idv -- ${group.name} ${cmd.name} --help`);
      return 2;
    }
    if (e instanceof CliError) {
      out.note(`error: ${e.message}`);
      return e.exitCode;
    }
    out.note(`error: ${(e as Error)?.message ?? String(e)}`);
    return 1;
  }
}

// Entry point when run as a script (`npm run idv -- …`), not when imported by tests.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env })
    .then((code) => { process.exitCode = code; });
}
