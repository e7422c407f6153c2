import { globalOptions } from './args';
import type { Command, CommandGroup } from './command';
import type { OptionSpec } from './specs';

const PROG = 'npm run idv --';

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, o]) => {
    const flag = `${name === 'help' ? '-h, ' : ''}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const notes = [o.required ? 'required' : '', o.multiple ? 'repeatable' : ''].filter(Boolean).join(', ');
    return [flag, `${o.description}${notes ? ` (${notes})` : ''}`] as const;
  });
  const w = Math.max(...rows.map(([f]) => f.length));
  return rows.map(([f, d]) => `  ${f.padEnd(w)}  ${d}`);
}

export function usageLine(group: CommandGroup, cmd: Command): string {
  const args = (cmd.args ?? []).map((a) => { const n = a.variadic ? `${a.name}...` : a.name; return a.optional ? `[${n}]` : n; });
  const opts = Object.entries(cmd.options ?? {}).map(([name, o]) => {
    const s = `--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    return o.required ? s : `[${s}]${o.multiple ? '…' : ''}`;
  });
  return [PROG, group.name, cmd.name, ...args, ...opts].join(' ');
}

export function commandHelp(group: CommandGroup, cmd: Command): string {
  return [
    `Usage: ${usageLine(group, cmd)}`,
    '',
    cmd.summary,
    ...(cmd.options && Object.keys(cmd.options).length ? ['', 'Options:', ...optionLines(cmd.options)] : []),
    '',
    'Global options:',
    ...optionLines(globalOptions),
    ...(cmd.details?.length ? ['', ...cmd.details] : []),
  ].join('\n');
}

function commandList(groups: readonly CommandGroup[]): string[] {
  const rows = groups.flatMap((g) => g.commands.map((c) => [`${g.name} ${c.name}`, c.summary] as const));
  const w = Math.max(...rows.map(([n]) => n.length));
  return rows.map(([n, s]) => `  ${n.padEnd(w)}  ${s}`);
}

export function groupHelp(group: CommandGroup): string {
  return [`Usage: ${PROG} ${group.name} <command> [options]`, '', group.summary, '', 'Commands:', ...commandList([group]),
    '', `Help on one command: ${PROG} ${group.name} <command> --help`].join('\n');
}

export function globalHelp(groups: readonly CommandGroup[]): string {
  return [
    `Usage: ${PROG} <group> <command> [options]`,
    '',
    'idv: operator tool of the identity-verification service. It talks to the running server\'s',
    'admin API (it never opens the database), so start the server first (`npm start`).',
    '',
    'Commands:',
    ...commandList(groups),
    '',
    'Global options:',
    ...optionLines(globalOptions),
    '',
    'Admin token: IDV_ADMIN_TOKEN, else $DATA_DIR/admin-token (DATA_DIR default ./data), written by the server.',
    `Exit codes: 0 ok, 1 failed, 2 usage error. Help on one command: ${PROG} <group> <command> --help`,
  ].join('\n');
}
