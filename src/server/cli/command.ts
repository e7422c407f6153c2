import type { AdminClient } from './client';
import type { Options } from './args';
import type { Output } from './output';
import type { ArgSpec, OptionSpec } from './specs';

/**
 * The `idv` command registry. A group (`keys`, `webhooks`, …) lists its commands; idv.ts lists
 * the groups. Adding a group = one file in commands/ plus one line in idv.ts.
 */

export interface CommandContext {
  /** Positional arguments after `<group> <command>`, checked against `args`. */
  args: string[];
  opts: Options;
  /** `--json`: print only machine-readable JSON on stdout. */
  json: boolean;
  /** The admin API client; reads the admin token on first use, so `--help` needs none. */
  client(): AdminClient;
  out: Output;
}

export interface Command {
  name: string;
  summary: string;
  args?: ArgSpec[];
  options?: Record<string, OptionSpec>;
  /** Extra help lines (examples, notes). */
  details?: string[];
  /** Returns the exit code (default 0); throw UsageError / CliError for failures. */
  run(c: CommandContext): Promise<number | void>;
}

export interface CommandGroup {
  name: string;
  summary: string;
  commands: Command[];
}
