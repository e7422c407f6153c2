import type { AdminClient } from './client';
import type { Options } from './args';
import type { Output } from './output';

/**
 * The `idv` command registry. A group (`keys`, `webhooks`, …) lists its commands; idv.ts lists
 * the groups. Adding a group = one file in commands/ plus one line in idv.ts.
 */

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Repeatable (`--origin a --origin b`): the value is a list. */
  multiple?: boolean;
  /** Placeholder shown in help, e.g. `URL`. */
  value?: string;
  description: string;
  required?: boolean;
  /** Allowed values of a string option, checked before the command runs (exit 2). */
  choices?: readonly string[];
}

export interface ArgSpec {
  name: string;
  optional?: boolean;
  choices?: readonly string[];
}

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

/** Bad command line: exit code 2, with a pointer to the help. */
export class UsageError extends Error {}

/** The command ran but failed (server refused, not found, unreachable): exit code 1 by default. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
