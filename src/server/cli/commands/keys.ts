import type { z } from 'zod';
import {
  createKeyBodySchema, updateKeyBodySchema, type AdminKey, type CreatedKey,
} from '../../../contract/admin';
import { curlCreateVerification } from '../../keys/curl-example';
import type { Options } from '../args';
import { type Command, type CommandGroup } from '../command';
import { UsageError } from '../errors';
import type { OptionSpec } from '../specs';
import { formatFields, shortTime, type Column } from '../output';
import { riskFields, riskFrom, riskOptions } from './keys-risk';

/** Body fields → the flags that set them, so a refused value names the flag the person typed. */
const flagOf: Record<string, string> = {
  mode: '--mode', name: '--name', eventsUrl: '--events-url', decisionUrl: '--decision-url', origins: '--origin',
  'branding.name': '--brand-name', 'branding.logoUrl': '--logo-url', 'branding.accentColor': '--accent',
  'branding.privacyPolicyUrl': '--privacy-url', riskRules: '--risk', minimumAge: '--minimum-age', embeddingRetentionDays: '--embedding-retention-days',
};

/** Validates locally with the contract's schema (the server checks again): exit 2 on a bad value. */
function check<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => {
    const path = i.path.filter((p) => typeof p === 'string').join('.');
    // A field of a map (riskRules.duplicate_face) is named by its flag and the key.
    const head = path.split('.')[0]!;
    const flag = flagOf[path] ?? (flagOf[head] ? `${flagOf[head]} ${path.slice(head.length + 1)}`.trim() : path);
    return `${flag}: ${i.message}`;
  });
  throw new UsageError(lines.join('\n       '));
}

const webhookOptions: Record<string, OptionSpec> = {
  'events-url': { type: 'string', value: 'URL', description: 'where progress events are sent' },
  'decision-url': { type: 'string', value: 'URL', description: 'where decision events are sent' },
  origin: { type: 'string', multiple: true, value: 'ORIGIN', description: 'origin allowed to embed the hosted flow, e.g. https://shop.example' },
  name: { type: 'string', value: 'NAME', description: 'a label for operators' },
  'brand-name': { type: 'string', value: 'NAME', description: 'company name shown in the hosted flow' },
  'logo-url': { type: 'string', value: 'URL', description: 'logo shown in the hosted flow' },
  accent: { type: 'string', value: '#RRGGBB', description: 'accent colour of the hosted flow' },
  'privacy-url': { type: 'string', value: 'URL', description: 'privacy policy linked from the consent screen' },
  'selfie-upload': {
    type: 'string', value: 'allow|deny', choices: ['allow', 'deny'],
    description: 'offer a file picker for the selfie (default deny); such sessions are not live and never decided successful automatically',
  },
  decisions: {
    type: 'string', value: 'auto|review', choices: ['auto', 'review'],
    description: 'live sessions: decided by the automatic checks (default auto), or every one by a specialist (review)',
  },
  'retention-days': { type: 'string', value: 'DAYS', description: 'days media are kept after a final state (0-3650; update: "" for the server default)' },
  'liveness-rounds': { type: 'string', value: 'N', description: 'liveness capture rounds per session, three tries each (1-10, default 3; update: "" for the default)' },
  language: { type: 'string', value: 'LANG', description: 'language of the hosted flows when the link has no ?lang= (en, fr, ar, …; update: "" for the browser\'s)' },
  ...riskOptions,
};

const decisionsFrom = (opts: Options) => (opts.has('decisions') ? { decisions: opts.string('decisions') } : {});
/** Digits become a number for the schema to range-check; '' (update only) is back to the default. */
const retentionFrom = (opts: Options) => {
  if (!opts.has('retention-days')) return {};
  const v = opts.string('retention-days') ?? '';
  return { retentionDays: v === '' ? null : /^\d+$/.test(v) ? Number(v) : v };
};
/** Digits become a number for the schema to range-check; '' (update only) is back to the default. */
const roundsFrom = (opts: Options) => {
  if (!opts.has('liveness-rounds')) return {};
  const v = opts.string('liveness-rounds') ?? '';
  return { livenessMaxRounds: v === '' ? null : /^\d+$/.test(v) ? Number(v) : v };
};
/** '' (update only) clears it: the browser's language decides again. */
const languageFrom = (opts: Options) => {
  if (!opts.has('language')) return {};
  const v = opts.string('language') ?? '';
  return { defaultLanguage: v === '' ? null : v };
};
const selfieUploadFrom = (opts: Options) => (opts.has('selfie-upload') ? { selfieUpload: opts.string('selfie-upload') === 'allow' } : {});

/** Branding flags → body; `''` means "clear" (null) in an update. */
function brandingFrom(opts: Options, emptyClears: boolean): Record<string, string | null> | undefined {
  const pairs = [['name', 'brand-name'], ['logoUrl', 'logo-url'], ['accentColor', 'accent'], ['privacyPolicyUrl', 'privacy-url']] as const;
  const out: Record<string, string | null> = {};
  for (const [field, flag] of pairs) {
    const v = opts.string(flag);
    if (v !== undefined) out[field] = v === '' && emptyClears ? null : v;
  }
  return Object.keys(out).length ? out : undefined;
}

const keyColumns: Column<AdminKey>[] = [
  { header: 'ID', value: (k) => k.id },
  { header: 'MODE', value: (k) => k.mode },
  { header: 'NAME', value: (k) => k.name, max: 24 },
  { header: 'KEY', value: (k) => k.hint },
  { header: 'STATE', value: (k) => (k.revokedAt ? 'revoked' : 'active') },
  { header: 'EVENTS URL', value: (k) => k.eventsUrl, max: 40 },
  { header: 'DECISION URL', value: (k) => k.decisionUrl, max: 40 },
  { header: 'ORIGINS', value: (k) => k.origins.join(','), max: 40 },
  { header: 'CREATED', value: (k) => shortTime(k.createdAt) },
];

export function keyFields(k: AdminKey): string {
  return formatFields([
    ['id', k.id], ['mode', k.mode], ['name', k.name], ['key', k.hint],
    ['state', k.revokedAt ? `revoked ${shortTime(k.revokedAt)}` : 'active'],
    ['events url', k.eventsUrl], ['decision url', k.decisionUrl], ['origins', k.origins.join(', ')],
    ['brand name', k.branding.name], ['logo url', k.branding.logoUrl], ['accent', k.branding.accentColor],
    ['privacy url', k.branding.privacyPolicyUrl], ['selfie upload', k.selfieUpload ? 'allow' : 'deny'], ['decisions', k.decisions], ['media retention', k.retentionDays === null ? 'server default' : `${k.retentionDays} days`], ['liveness rounds', String(k.livenessMaxRounds ?? 3)], ['language', k.defaultLanguage ?? 'browser'], ...riskFields(k), ['organisation', k.orgId], ['created', shortTime(k.createdAt)],
  ]);
}

const create: Command = {
  name: 'create',
  summary: 'create an API key (the key is printed once)',
  options: {
    mode: { type: 'string', value: 'test|live', required: true, choices: ['test', 'live'], description: 'test keys follow the sandbox rules; live keys are decided by the automatic checks or a specialist' },
    org: { type: 'string', value: 'ID', description: 'the customer organisation that owns the key (default org_default)' },
    ...webhookOptions,
    'events-url': { ...webhookOptions['events-url']!, required: true },
    'decision-url': { ...webhookOptions['decision-url']!, required: true },
  },
  details: ['With --json, stdout is exactly {"id":…,"apiKey":…,"mode":…}.'],
  async run({ opts, json, client, out }) {
    const body = check(createKeyBodySchema, {
      mode: opts.string('mode'),
      eventsUrl: opts.string('events-url'),
      decisionUrl: opts.string('decision-url'),
      ...(opts.has('origin') ? { origins: opts.strings('origin') } : {}),
      ...(opts.has('name') ? { name: opts.string('name') } : {}),
      ...(brandingFrom(opts, false) ? { branding: brandingFrom(opts, false) } : {}),
      ...selfieUploadFrom(opts),
      ...decisionsFrom(opts),
      ...retentionFrom(opts),
      ...roundsFrom(opts),
      ...languageFrom(opts),
      ...riskFrom(opts),
      ...(opts.has('org') ? { orgId: opts.string('org') } : {}),
    });
    const api = client();
    const { data: k } = await api.call<CreatedKey>('POST', '/keys', body);
    if (json) { out.line(JSON.stringify({ id: k.id, apiKey: k.apiKey, mode: k.mode })); return; }
    out.line(`Created ${k.mode} key ${k.id}${k.name ? ` (${k.name})` : ''}.`);
    out.line('The key is shown only this once: store it now.');
    out.line('');
    out.line(`  ${k.apiKey}`);
    out.line('');
    out.line('Try it:');
    out.line(curlCreateVerification(`${api.serverUrl}/api`, k.apiKey).replace(/^/gm, '  '));
  },
};

const list: Command = {
  name: 'list',
  summary: 'list API keys (hints only, never the keys)',
  async run({ json, client, out }) {
    const { data } = await client().call<AdminKey[]>('GET', '/keys');
    if (json) { out.json(data); return; }
    out.table(data, keyColumns, 'No API keys yet: npm run idv -- keys create --help');
  },
};

const show: Command = {
  name: 'show',
  summary: 'show one API key (without the key)',
  args: [{ name: 'ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<AdminKey>('GET', `/keys/${encodeURIComponent(args[0]!)}`);
    if (json) out.json(data);
    else out.line(keyFields(data));
  },
};

const revoke: Command = {
  name: 'revoke',
  summary: 'revoke an API key: requests with it get 401 from then on',
  args: [{ name: 'ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<AdminKey>('POST', `/keys/${encodeURIComponent(args[0]!)}/revoke`);
    if (json) { out.json(data); return; }
    out.line(`Revoked ${data.id} (${data.hint}) at ${shortTime(data.revokedAt)}.`);
  },
};

const update: Command = {
  name: 'update',
  summary: 'change webhook URLs, origins, name, branding or risk rules of a key',
  args: [{ name: 'ID' }],
  options: {
    ...webhookOptions,
    'clear-origins': { type: 'boolean', description: 'remove every allowed origin' },
  },
  details: ['Given --origin values replace the list. An empty value clears a field, e.g. --events-url \'\'.'],
  async run({ args, opts, json, client, out }) {
    const url = (flag: string) => (opts.has(flag) ? { [flag === 'events-url' ? 'eventsUrl' : 'decisionUrl']: opts.string(flag) || null } : {});
    if (opts.has('origin') && opts.flag('clear-origins')) throw new UsageError('use either --origin or --clear-origins');
    const raw = {
      ...url('events-url'),
      ...url('decision-url'),
      ...(opts.has('origin') ? { origins: opts.strings('origin').filter((o) => o !== '') } : {}),
      ...(opts.flag('clear-origins') ? { origins: null } : {}),
      ...(opts.has('name') ? { name: opts.string('name') || null } : {}),
      ...(brandingFrom(opts, true) ? { branding: brandingFrom(opts, true) } : {}),
      ...selfieUploadFrom(opts),
      ...decisionsFrom(opts),
      ...retentionFrom(opts),
      ...roundsFrom(opts),
      ...languageFrom(opts),
      ...riskFrom(opts),
    };
    if (Object.keys(raw).length === 0) throw new UsageError('nothing to update: give at least one option');
    const body = check(updateKeyBodySchema, raw);
    const { data } = await client().call<AdminKey>('PATCH', `/keys/${encodeURIComponent(args[0]!)}`, body);
    if (json) { out.json(data); return; }
    out.line(`Updated ${data.id}.`);
    out.line(keyFields(data));
  },
};

export const keysCommands: CommandGroup = {
  name: 'keys',
  summary: 'API keys of the customer API (each key also signs its webhooks)',
  commands: [create, list, show, update, revoke],
};
