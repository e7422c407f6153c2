import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors';
import type { ArgSpec, OptionSpec } from './specs';

/** Options every command accepts, wherever they appear on the line. */
export const globalOptions: Record<string, OptionSpec> = {
  url: { type: 'string', value: 'URL', description: 'server URL (default: $IDV_URL or http://localhost:$PORT, PORT 8080)' },
  json: { type: 'boolean', description: 'print machine-readable JSON only' },
  help: { type: 'boolean', description: 'show help' },
};

export interface Located {
  /** First two positional words: `<group> <command>` (either may be missing). */
  group?: string;
  command?: string;
  /** argv without those two words: what the command's parser reads. */
  rest: string[];
}

/**
 * Finds `<group> <command>` before knowing the command's options. Only global options may come
 * before them (`--url X keys list`); `--url` is the one that takes a value.
 */
export function locateCommand(argv: readonly string[]): Located {
  const words: number[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const t = argv[i]!;
    if (t === '--') break;
    if (t === '--url') { i++; continue; }
    if (t.startsWith('-')) continue;
    words.push(i);
  }
  const [g, c] = words;
  return {
    group: g === undefined ? undefined : argv[g],
    command: c === undefined ? undefined : argv[c],
    rest: argv.filter((_, i) => i !== g && i !== c),
  };
}

/** Parsed option values with typed accessors. */
export class Options {
  constructor(private readonly values: Record<string, unknown>) {}

  string(name: string): string | undefined {
    const v = this.values[name];
    return typeof v === 'string' ? v : undefined;
  }

  strings(name: string): string[] {
    const v = this.values[name];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  has(name: string): boolean {
    return this.values[name] !== undefined;
  }
}

export interface Parsed {
  opts: Options;
  positionals: string[];
}

/** Strict parse: unknown options, missing values and wrong argument counts are usage errors. */
export function parseCommandLine(
  rest: readonly string[],
  spec: { options?: Record<string, OptionSpec>; args?: ArgSpec[] },
  { checkRequired = true } = {},
): Parsed {
  const all = { ...globalOptions, ...(spec.options ?? {}) };
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, o] of Object.entries(all)) {
    config[name] = { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(name === 'help' ? { short: 'h' } : {}) };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: config, strict: true, allowPositionals: true });
  } catch (e) {
    // Node's messages add a long hint after the first sentence; the first one says it all.
    throw new UsageError(String((e as Error).message).split('. ')[0]!.replace(/\.$/, ''));
  }
  const opts = new Options(parsed.values as Record<string, unknown>);
  if (!checkRequired || opts.flag('help')) return { opts, positionals: parsed.positionals };

  for (const [name, o] of Object.entries(spec.options ?? {})) {
    if (o.required && !opts.has(name)) throw new UsageError(`missing --${name}`);
    const v = opts.string(name);
    if (o.choices && v !== undefined && !o.choices.includes(v)) {
      throw new UsageError(`--${name} must be one of ${o.choices.join(', ')} (got '${v}')`);
    }
  }
  const args = spec.args ?? [];
  const min = args.filter((a) => !a.optional).length;
  const pos = parsed.positionals;
  if (pos.length < min) throw new UsageError(`missing ${args.slice(pos.length, min).map((a) => a.name).join(' ')}`);
  if (pos.length > args.length && !args.at(-1)?.variadic) throw new UsageError(`unexpected argument '${pos[args.length]}'`);
  args.forEach((a, i) => {
    const v = pos[i];
    if (a.choices && v !== undefined && !a.choices.includes(v)) {
      throw new UsageError(`${a.name} must be one of ${a.choices.join(', ')} (got '${v}')`);
    }
  });
  return { opts, positionals: pos };
}
