import { describe, expect, it } from 'vitest';
import { locateCommand, parseCommandLine } from './args';
import { UsageError } from './errors';

describe('idv argument parsing', () => {
  it('finds <group> <command> with global options before, between or after them', () => {
    expect(locateCommand(['keys', 'list'])).toEqual({ group: 'keys', command: 'list', rest: [] });
    expect(locateCommand(['--url', 'http://x', '--json', 'keys', 'revoke', 'key_1']))
      .toEqual({ group: 'keys', command: 'revoke', rest: ['--url', 'http://x', '--json', 'key_1'] });
    expect(locateCommand(['--url=http://x', 'keys'])).toEqual({ group: 'keys', command: undefined, rest: ['--url=http://x'] });
    expect(locateCommand([])).toEqual({ group: undefined, command: undefined, rest: [] });
  });

  const spec = {
    options: {
      mode: { type: 'string' as const, required: true, choices: ['test', 'live'], description: '' },
      origin: { type: 'string' as const, multiple: true, description: '' },
      name: { type: 'string' as const, description: '' },
    },
    args: [{ name: 'ID' }, { name: 'MORE', optional: true }],
  };

  it('reads repeated options as a list, flags and globals', () => {
    const { opts, positionals } = parseCommandLine(
      ['key_1', '--mode', 'live', '--origin', 'https://a.example', '--origin=https://b.example', '--json', '--url', 'http://h'], spec,
    );
    expect(positionals).toEqual(['key_1']);
    expect(opts.strings('origin')).toEqual(['https://a.example', 'https://b.example']);
    expect(opts.string('mode')).toBe('live');
    expect(opts.flag('json')).toBe(true);
    expect(opts.string('url')).toBe('http://h');
    expect(opts.has('name')).toBe(false);
    expect(opts.strings('name')).toEqual([]);
  });

  it.each([
    [['key_1', '--mode', 'test', '--bogus'], /Unknown option '--bogus'/],
    [['key_1'], /missing --mode/],
    [['key_1', '--mode', 'prod'], /--mode must be one of test, live \(got 'prod'\)/],
    [['--mode', 'test'], /missing ID/],
    [['a', 'b', 'c', '--mode', 'test'], /unexpected argument 'c'/],
    [['key_1', '--mode'], /argument missing/],
  ])('refuses %j as a usage error', (argv, message) => {
    expect(() => parseCommandLine(argv, spec)).toThrow(UsageError);
    expect(() => parseCommandLine(argv, spec)).toThrow(message);
  });

  it('skips the required checks when help is asked for', () => {
    expect(parseCommandLine(['--help'], spec).opts.flag('help')).toBe(true);
    expect(parseCommandLine(['-h'], spec).opts.flag('help')).toBe(true);
  });
});
