import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { listFormats, listIdSchema, listKinds, type ListVersion, type ScreeningList } from '../../../contract/screening';
import { type Command, type CommandGroup } from '../command';
import { CliError, UsageError } from '../errors';
import { formatFields, shortTime, type Column } from '../output';

const columns: Column<ScreeningList>[] = [
  { header: 'ID', value: (l) => l.id },
  { header: 'NAME', value: (l) => l.name, max: 30 },
  { header: 'KIND', value: (l) => l.kind },
  { header: 'FORMAT', value: (l) => l.format },
  { header: 'VERSION', value: (l) => l.currentVersion },
  { header: 'UPDATED', value: (l) => shortTime(l.updatedAt) },
];

const list: Command = {
  name: 'list',
  summary: 'the operator\'s screening lists and their current versions',
  async run({ json, client, out }) {
    const { data } = await client().call<ScreeningList[]>('GET', '/screening/lists');
    if (json) { out.json(data); return; }
    out.table(data, columns, 'No lists. Load one with: npm run idv -- lists import ofac-sdn --format ofac-csv SDN.CSV ALT.CSV ADD.CSV SDN_COMMENTS.CSV');
  },
};

const show: Command = {
  name: 'show',
  summary: 'a list and its versions (what each import added, removed, changed)',
  args: [{ name: 'ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<{ list: ScreeningList; versions: ListVersion[] }>('GET', `/screening/lists/${encodeURIComponent(args[0]!)}`);
    if (json) { out.json(data); return; }
    out.line(formatFields([['id', data.list.id], ['name', data.list.name], ['kind', data.list.kind], ['format', data.list.format], ['current version', data.list.currentVersion]]));
    out.line('\nVersions:');
    for (const v of data.versions) {
      out.line(`  v${v.version}  ${shortTime(v.importedAt)} by ${v.importedBy}: ${v.entityCount} entities, ${v.nameCount} names; +${v.added} −${v.removed} ~${v.changed}${v.publishedAt ? `; published ${v.publishedAt}` : ''}`);
      for (const s of v.sources) out.line(`        ${s.name}  ${s.bytes} bytes  sha256 ${s.sha256.slice(0, 16)}…`);
    }
  },
};

const importCommand: Command = {
  name: 'import',
  summary: 'import a new version of a list from its publisher\'s files (the list is made on first import)',
  args: [{ name: 'ID' }, { name: 'FILE', variadic: true }],
  options: {
    format: { type: 'string', value: 'FORMAT', required: true, description: listFormats.join('|') },
    name: { type: 'string', value: 'NAME', description: 'name reviewers see (first import: defaults to the id)' },
    kind: { type: 'string', value: 'KIND', description: `${listKinds.join('|')} (default sanctions; pep raises pep_hit)` },
  },
  details: [
    'Nothing is downloaded by the service: fetch the publisher\'s files on a schedule (cron) and import them; an unchanged file makes a version with nothing added, removed or changed.',
    'OFAC legacy CSV is four files told apart by name: SDN.CSV ALT.CSV ADD.CSV SDN_COMMENTS.CSV. Every other format takes one file.',
    'A file that cannot be read changes nothing; the answer names the file and the line.',
    'After each import every monitored subject is screened again (keys with --aml-monitoring on).',
    'Example: npm run idv -- lists import un-sc --format un-xml --name "UN Security Council" consolidated.xml',
  ],
  async run({ args, opts, json, client, out }) {
    const id = listIdSchema.safeParse(args[0]);
    if (!id.success) throw new UsageError(`ID: ${id.error.issues[0]?.message ?? 'invalid'}`);
    const format = opts.string('format')!;
    if (!(listFormats as readonly string[]).includes(format)) throw new UsageError(`--format: one of ${listFormats.join(', ')}`);
    const kind = opts.string('kind');
    if (kind !== undefined && !(listKinds as readonly string[]).includes(kind)) throw new UsageError(`--kind: one of ${listKinds.join(', ')}`);
    const paths = args.slice(1);
    if (!paths.length) throw new UsageError('give the list\'s file(s)');
    const files = paths.map((p) => {
      try {
        if (!statSync(p).isFile()) throw new Error('not a file');
        return { name: basename(p), content: readFileSync(p, 'utf8') };
      } catch (e) {
        throw new CliError(`cannot read ${p}: ${(e as Error).message}`, 2);
      }
    });
    const name = opts.string('name');
    const { data, message } = await client().call<{ list: ScreeningList; version: ListVersion }>('POST', `/screening/lists/${encodeURIComponent(id.data)}/versions`, {
      format, files, ...(name ? { name } : {}), ...(kind ? { kind } : {}),
    });
    if (json) { out.json(data); return; }
    const v = data.version;
    out.line(`${message}: ${data.list.id} v${v.version}: ${v.entityCount} entities, ${v.nameCount} names; ${v.added} added, ${v.removed} removed, ${v.changed} changed. Monitored subjects are being screened again.`);
  },
};

const monitor: Command = {
  name: 'monitor',
  summary: 'screen every monitored subject again now, and wait for the figures',
  async run({ json, client, out }) {
    const { data } = await client().call<{ screened: number; alerted: number; hits: number; ms: number }>('POST', '/screening/monitoring/run');
    if (json) { out.json(data); return; }
    out.line(`Screened ${data.screened} subjects in ${data.ms} ms: ${data.alerted} with a new or changed hit, ${data.hits} hits in all.`);
  },
};

export const listsCommands: CommandGroup = {
  name: 'lists',
  summary: 'sanctions, PEP and internal screening lists: list, show, import, monitor',
  commands: [list, show, importCommand, monitor],
};
