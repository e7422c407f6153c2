import { ADMIN_PAGE_LIMIT_DEFAULT, ADMIN_PAGE_LIMIT_MAX, keyModeSchema, type CompanyListItem } from '../../../contract/admin';
import { companyDecisionBodySchema } from '../../../contract/hosted-company';
import { companyStatusSchema } from '../../../contract/statuses';
import { type Command, type CommandGroup } from '../command';
import { UsageError } from '../errors';
import { formatFields, shortTime, type Column } from '../output';

const columns: Column<CompanyListItem>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'STATUS', value: (r) => r.status },
  { header: 'MODE', value: (r) => r.mode },
  { header: 'COMPANY', value: (r) => (r.legalName ? `${r.legalName}${r.countryOfRegistration ? ` (${r.countryOfRegistration})` : ''}` : null), max: 32 },
  { header: 'FLAGS', value: (r) => r.reviewFlags.join(','), max: 40 },
  { header: 'VENDOR DATA', value: (r) => r.vendorData, max: 24 },
  { header: 'SUBMITTED', value: (r) => shortTime(r.submittedAt) },
];

const positive = (name: string, v: string | undefined) => {
  if (v !== undefined && !/^[1-9]\d*$/.test(v)) throw new UsageError(`--${name} must be a positive integer`);
  return v;
};

const list: Command = {
  name: 'list',
  summary: 'company verifications of every key, most recently updated first',
  options: {
    status: { type: 'string', value: 'STATUS', choices: companyStatusSchema.options, description: "only this status (quote 'under review')" },
    mode: { type: 'string', value: 'test|live', choices: keyModeSchema.options, description: 'only test or live keys' },
    limit: { type: 'string', value: 'N', description: `rows per page (default ${ADMIN_PAGE_LIMIT_DEFAULT}, at most ${ADMIN_PAGE_LIMIT_MAX})` },
    page: { type: 'string', value: 'N', description: 'page number (default 1)' },
  },
  async run({ opts, json, client, out }) {
    const q = new URLSearchParams();
    for (const name of ['status', 'mode']) if (opts.string(name) !== undefined) q.set(name, opts.string(name)!);
    for (const name of ['limit', 'page']) if (positive(name, opts.string(name)) !== undefined) q.set(name, opts.string(name)!);
    const { data, meta } = await client().call<CompanyListItem[]>('GET', `/company-verifications${q.size ? `?${q}` : ''}`);
    if (json) { out.json(data); return; }
    out.table(data, columns, 'No company verifications.');
    if (meta && meta.total > data.length) out.line(`\nPage ${meta.page} of ${meta.totalPages} (${meta.total} in all): --page N for more.`);
  },
};

function printItem(out: { line(t: string): void }, r: CompanyListItem) {
  out.line(formatFields([
    ['company verification', r.id], ['public id', r.verificationId], ['status', `${r.status} (${r.statusCode})`],
    ['company', r.legalName], ['review flags', r.reviewFlags.join(', ')],
    ['provisioning ready', r.provisioningReady === null ? null : r.provisioningReady ? 'yes' : 'no'],
  ]));
}

const review: Command = {
  name: 'review',
  summary: "move a submitted company verification to 'under review' (sends company_verification.under_review)",
  args: [{ name: 'ID' }],
  async run({ args, json, client, out }) {
    const { data } = await client().call<CompanyListItem>('POST', `/company-verifications/${encodeURIComponent(args[0]!)}/review`);
    if (json) { out.json(data); return; }
    printItem(out, data);
  },
};

const decide: Command = {
  name: 'decide',
  summary: 'decide a submitted or under-review company verification (event to the decision URL)',
  args: [{ name: 'ID' }, { name: 'DECISION', choices: ['successful', 'failed'] }],
  options: { reason: { type: 'string', value: 'TEXT', description: 'why (required for failed; sent in the payload)' } },
  details: ["Example: npm run idv -- company decide cv_… failed --reason 'Registration number not found in the registry'"],
  async run({ args, opts, json, client, out }) {
    const [id, decision] = args as [string, 'successful' | 'failed'];
    const reason = opts.string('reason');
    // The contract refuses a failed decision without a reason (as the server does): usage error.
    const body = companyDecisionBodySchema.safeParse({ decision, ...(reason !== undefined ? { reason } : {}) });
    if (!body.success) throw new UsageError(body.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('\n       '));
    const { data } = await client().call<CompanyListItem>('POST', `/company-verifications/${encodeURIComponent(id)}/decide`, body.data);
    if (json) { out.json(data); return; }
    printItem(out, data);
  },
};

export const companyCommands: CommandGroup = {
  name: 'company',
  summary: 'operator review of company verifications: list, review, decide',
  commands: [list, review, decide],
};
