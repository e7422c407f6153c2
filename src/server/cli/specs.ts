// How a command declares its options and arguments: a leaf file, read by the parser (args.ts)
// and the registry (command.ts) alike.

/** One `--option` of a command: its type, help and allowed values. */
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

/** One positional argument of a command. */
export interface ArgSpec {
  name: string;
  optional?: boolean;
  choices?: readonly string[];
  /** The last argument may take several values (`FILE...`); at least one unless optional. */
  variadic?: boolean;
}
