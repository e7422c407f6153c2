import {
  ADMIN_PAGE_LIMIT_DEFAULT, MAX_DELIVERIES_LIMIT, deliveryStateSchema, type Delivery, type TestEvents,
} from '../../../contract/admin';
import type { Command, CommandGroup } from '../command';
import { UsageError } from '../errors';
import { shortTime, type Column } from '../output';

const deliveryColumns: Column<Delivery>[] = [
  { header: 'EVENT ID', value: (d) => d.id },
  { header: 'TYPE', value: (d) => d.event },
  { header: 'TO', value: (d) => d.destination },
  { header: 'STATE', value: (d) => d.state },
  { header: 'ATTEMPTS', value: (d) => d.attempts },
  { header: 'LAST ERROR', value: (d) => d.lastError, max: 40 },
  { header: 'SUBJECT', value: (d) => d.subjectId },
  { header: 'CREATED', value: (d) => shortTime(d.createdAt) },
  { header: 'DELIVERED', value: (d) => shortTime(d.deliveredAt) },
];

function positiveInt(flag: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(v)) throw new UsageError(`--${flag} must be a positive integer`);
  return v;
}

const list: Command = {
  name: 'list',
  summary: 'list webhook deliveries, newest first, with attempts and the last error',
  options: {
    key: { type: 'string', value: 'KEY_ID', description: 'only this key\'s events' },
    state: { type: 'string', value: 'STATE', choices: deliveryStateSchema.options, description: 'pending, delivered or failed' },
    limit: { type: 'string', value: 'N', description: `rows per page (default ${ADMIN_PAGE_LIMIT_DEFAULT}, at most ${MAX_DELIVERIES_LIMIT})` },
    page: { type: 'string', value: 'N', description: 'page number (default 1)' },
  },
  async run({ opts, json, client, out }) {
    const q = new URLSearchParams();
    const key = opts.string('key');
    const state = opts.string('state');
    const limit = positiveInt('limit', opts.string('limit'));
    const page = positiveInt('page', opts.string('page'));
    if (key) q.set('keyId', key);
    if (state) q.set('state', state);
    if (limit) q.set('limit', limit);
    if (page) q.set('page', page);
    const qs = q.size ? `?${q}` : '';
    const { data, meta } = await client().call<Delivery[]>('GET', `/webhooks${qs}`);
    if (json) { out.json(data); return; }
    out.table(data, deliveryColumns, 'No webhook deliveries.');
    if (meta && meta.total > data.length) {
      out.line(`\nPage ${meta.page} of ${meta.totalPages} (${meta.total} deliveries): --page N for more.`);
    }
  },
};

const redeliver: Command = {
  name: 'redeliver',
  summary: 'send an event again now (same Webhook-Id and body, fresh retry schedule)',
  args: [{ name: 'EVENT_ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<{ id: string }>('POST', `/webhooks/${encodeURIComponent(args[0]!)}/redeliver`);
    if (json) { out.json(data); return; }
    out.line(`Queued ${data.id} for redelivery now. Follow it with: npm run idv -- webhooks list`);
  },
};

const test: Command = {
  name: 'test',
  summary: 'send a signed webhook.test event to the key\'s events and decision URLs',
  args: [{ name: 'KEY_ID' }],
  async run({ args, json, client, out }) {
    const keyId = args[0]!;
    const { data } = await client().call<TestEvents>('POST', `/keys/${encodeURIComponent(keyId)}/test-webhook`);
    if (json) { out.json(data); return; }
    for (const e of data.events) out.line(`Queued webhook.test ${e.id} to the ${e.destination} URL ${e.url}`);
    out.line(`Check the result with: npm run idv -- webhooks list --key ${keyId}`);
  },
};

export const webhooksCommands: CommandGroup = {
  name: 'webhooks',
  summary: 'webhook deliveries: list, redeliver, send a test event',
  commands: [list, redeliver, test],
};
