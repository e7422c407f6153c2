// The two ways an `idv` command fails, in a leaf file: the parser, the admin client and every
// command throw them, and idv.ts maps them to exit codes.

/** Bad command line: exit code 2, with a pointer to the help. */
export class UsageError extends Error {}

/** The command ran but failed (server refused, not found, unreachable): exit code 1 by default. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
