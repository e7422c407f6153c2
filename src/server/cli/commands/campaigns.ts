import { readFileSync } from 'node:fs';
import {
  createCampaignBodySchema, type CampaignDetail, type CampaignSummary,
} from '../../../contract/campaign';
import { type Command, type CommandGroup } from '../command';
import { CliError, UsageError } from '../errors';
import { formatFields, shortTime, type Column } from '../output';

const columns: Column<CampaignSummary>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name, max: 30 },
  { header: 'PUBLISHED', value: (c) => c.publishedVersion },
  { header: 'LATEST', value: (c) => c.latestVersion },
  { header: 'DRAFT', value: (c) => c.draftVersion },
  { header: 'UPDATED', value: (c) => shortTime(c.updatedAt) },
];

const list: Command = {
  name: 'list',
  summary: 'campaigns with their published and draft versions',
  async run({ json, client, out }) {
    const { data } = await client().call<CampaignSummary[]>('GET', '/campaigns');
    if (json) { out.json(data); return; }
    out.table(data, columns, 'No campaigns.');
  },
};

const show: Command = {
  name: 'show',
  summary: 'a campaign: versions and the definition of the published (or latest) one',
  args: [{ name: 'ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<CampaignDetail>('GET', `/campaigns/${encodeURIComponent(args[0]!)}`);
    if (json) { out.json(data); return; }
    out.line(formatFields([
      ['id', data.id], ['name', data.name], ['published version', data.publishedVersion],
      ['draft version', data.draftVersion], ['updated', shortTime(data.updatedAt)],
    ]));
    out.line('\nVersions:');
    for (const v of data.versions) out.line(`  v${v.version}  ${v.publishedAt ? `published ${shortTime(v.publishedAt)}` : 'draft'}`);
    const shown = data.versions.find((v) => v.version === data.publishedVersion) ?? data.versions[0];
    if (shown) {
      const d = shown.definition;
      out.line(`\nDefinition of v${shown.version}:`);
      out.line(formatFields([
        ['  steps', d.steps.join(', ')],
        ['  documents', d.documents.map((x) => `${x.kind}${x.required ? '' : ' (optional)'} ×${x.maxFiles}`).join(', ')],
        ['  ownership threshold', `${d.ownershipThreshold} %`],
        ['  questions', d.questions.map((q) => `${q.id} (${q.type}${q.required ? ', required' : ''})`).join(', ')],
        ['  allowed countries', d.allowedCountries.length ? d.allowedCountries.join(', ') : 'all'],
        ['  liveness required', d.livenessRequired ? 'yes' : 'no'],
      ]));
    }
  },
};

/** Reads the JSON body from --file, applies --id/--name, and checks it with the contract's schema. */
function bodyFromFile(file: string, id: string | undefined, name: string | undefined) {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliError(`cannot read ${file} as JSON: ${(e as Error).message}`, 2);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`${file} must hold a JSON object { id?, name, definition }`);
  const body = { ...(raw as Record<string, unknown>), ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}) };
  const r = createCampaignBodySchema.safeParse(body);
  if (r.success) return body;
  throw new UsageError(`${file} is not a valid campaign:\n       ${r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('\n       ')}`);
}

const create: Command = {
  name: 'create',
  summary: 'add a draft version from a JSON file (creates the campaign if new); publish to use it',
  options: {
    file: { type: 'string', value: 'FILE', required: true, description: 'JSON { id?, name, definition } (see docs/hosted-flows.md: campaigns)' },
    id: { type: 'string', value: 'ID', description: 'campaign id (overrides the file; an existing id gets a new draft version; none: a new random id)' },
    name: { type: 'string', value: 'NAME', description: 'campaign name (overrides the file)' },
  },
  details: [
    'Without an id (in the file or --id) the new campaign gets a random one (cmp_ and 32 hex digits, never from the name), printed here.',
    'Example: npm run idv -- campaigns create --file merchants.json --id merchants && npm run idv -- campaigns publish merchants',
  ],
  async run({ opts, json, client, out }) {
    const body = bodyFromFile(opts.string('file')!, opts.string('id'), opts.string('name'));
    const { data, message } = await client().call<CampaignDetail>('POST', '/campaigns', body);
    if (json) { out.json(data); return; }
    out.line(`${message}: ${data.id} v${data.draftVersion} (draft). Publish it with: npm run idv -- campaigns publish ${data.id}`);
  },
};

const publish: Command = {
  name: 'publish',
  summary: 'publish the newest draft version; new company verifications use it',
  args: [{ name: 'ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<{ id: string; publishedVersion: number }>('POST', `/campaigns/${encodeURIComponent(args[0]!)}/publish`);
    if (json) { out.json(data); return; }
    out.line(`Published ${data.id} v${data.publishedVersion}. Verifications created earlier keep their version.`);
  },
};

export const campaignsCommands: CommandGroup = {
  name: 'campaigns',
  summary: 'company-verification campaigns: list, show, create, publish',
  commands: [list, show, create, publish],
};
