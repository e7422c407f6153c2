import { ADMIN_PAGE_LIMIT_DEFAULT, ADMIN_PAGE_LIMIT_MAX } from '../../../contract/admin';
import { reviewDecisionBodySchema } from '../../../contract/hosted-individual';
import type { ReviewItem } from '../../../contract/admin';
import type { IndividualRecord } from '../../../contract/individual';
import type { Options } from '../args';
import { type Command, type CommandGroup } from '../command';
import { UsageError } from '../errors';
import type { OptionSpec } from '../specs';
import { formatFields, shortTime, type Column } from '../output';

const reviewColumns: Column<ReviewItem>[] = [
  { header: 'VERIFICATION ID', value: (r) => r.verificationId },
  { header: 'KEY', value: (r) => r.keyId },
  { header: 'DOCUMENT', value: (r) => (r.docType ? `${r.docType} ${r.issuingState ?? ''}`.trim() : null) },
  { header: 'RESUBMISSIONS', value: (r) => r.resubmissions },
  { header: 'VENDOR DATA', value: (r) => r.vendorData, max: 30 },
  { header: 'FACE', value: (r) => r.checks?.faceMatch?.distance ?? null },
  { header: 'WHY', value: (r) => r.checks?.reasons.join('; ') ?? null, max: 60 },
  { header: 'SUBMITTED', value: (r) => shortTime(r.submittedAt) },
];

const list: Command = {
  name: 'list',
  summary: 'live verifications waiting for a specialist, oldest submission first',
  options: {
    limit: { type: 'string', value: 'N', description: `rows per page (default ${ADMIN_PAGE_LIMIT_DEFAULT}, at most ${ADMIN_PAGE_LIMIT_MAX})` },
    page: { type: 'string', value: 'N', description: 'page number (default 1)' },
  },
  async run({ opts, json, client, out }) {
    const q = new URLSearchParams();
    for (const name of ['limit', 'page']) {
      const v = opts.string(name);
      if (v === undefined) continue;
      if (!/^[1-9]\d*$/.test(v)) throw new UsageError(`--${name} must be a positive integer`);
      q.set(name, v);
    }
    const { data, meta } = await client().call<ReviewItem[]>('GET', `/reviews${q.size ? `?${q}` : ''}`);
    if (json) { out.json(data); return; }
    out.table(data, reviewColumns, 'Nothing to review.');
    if (meta && meta.total > data.length) {
      out.line(`\nPage ${meta.page} of ${meta.totalPages} (${meta.total} waiting): --page N for more.`);
    }
  },
};

/** Flags for what the specialist read on the document → docInfo keys. */
const docInfoFlags = {
  'doc-type': 'docType',
  'issuing-state': 'issuingState',
  'doc-number': 'docNumber',
  'first-name': 'firstName',
  'middle-name': 'middleName',
  'last-name': 'lastName',
  dob: 'dob',
  sex: 'sex',
  'issue-date': 'issueDate',
  'expiry-date': 'expiryDate',
} as const;
const docInfoHelp: Record<keyof typeof docInfoFlags, [string, string]> = {
  'doc-type': ['TYPE', 'document type read (PASSPORT, NATIONAL_ID, DRIVERS_LICENSE, RESIDENCE_PERMIT)'],
  'issuing-state': ['CODE', 'issuing country read, 3 letters (e.g. NGA)'],
  'doc-number': ['NUMBER', 'document number'],
  'first-name': ['NAME', 'first name'],
  'middle-name': ['NAME', 'middle name'],
  'last-name': ['NAME', 'last name'],
  dob: ['YYYY-MM-DD', 'date of birth'],
  sex: ['M|F|X', 'sex as printed on the document'],
  'issue-date': ['YYYY-MM-DD', 'issue date'],
  'expiry-date': ['YYYY-MM-DD', 'expiry date'],
};
const flagOfField = Object.fromEntries(Object.entries(docInfoFlags).map(([flag, field]) => [field, `--${flag}`]));

const decideOptions: Record<string, OptionSpec> = {
  reason: { type: 'string', value: 'TEXT', description: 'why (required for failed; sent in the failed webhook)' },
  ...Object.fromEntries(Object.entries(docInfoHelp).map(([flag, [value, description]]) => [flag, { type: 'string', value, description }])),
};

function bodyFrom(decision: string, opts: Options) {
  const docInfo: Record<string, string> = {};
  for (const [flag, field] of Object.entries(docInfoFlags)) {
    const v = opts.string(flag);
    if (v !== undefined) docInfo[field] = v;
  }
  const raw = {
    decision,
    ...(opts.string('reason') !== undefined ? { reason: opts.string('reason') } : {}),
    ...(Object.keys(docInfo).length ? { docInfo } : {}),
  };
  // Checked here first (the server checks again) so a bad value names the flag and exits 2.
  const r = reviewDecisionBodySchema.safeParse(raw);
  if (r.success) return r.data;
  throw new UsageError(r.error.issues.map((i) => {
    const field = i.path.at(-1);
    const flag = i.path[0] === 'docInfo' && typeof field === 'string' ? flagOfField[field] : `--${String(i.path[0] ?? 'decision')}`;
    return `${flag}: ${i.message}`;
  }).join('\n       '));
}

const decide: Command = {
  name: 'decide',
  summary: 'decide a live verification: successful, failed (with --reason) or resubmit (once)',
  args: [{ name: 'ID' }, { name: 'DECISION', choices: ['successful', 'failed', 'resubmit'] }],
  options: decideOptions,
  details: [
    'successful sends verification.biometrics_matched then verification.successful;',
    'failed sends verification.failed with the reason; resubmit reopens the capture steps once',
    '(a second resubmit fails the verification with reasonCode 4290, resubmission limit exceeded).',
    'Example: npm run idv -- review decide 9f2c… successful --doc-number A123 --first-name Ada --dob 1990-01-31',
  ],
  async run({ args, opts, json, client, out }) {
    const [id, decision] = args as [string, string];
    const body = bodyFrom(decision, opts);
    const { data } = await client().call<IndividualRecord>('POST', `/reviews/${encodeURIComponent(id)}/decide`, body);
    if (json) { out.json(data); return; }
    out.line(formatFields([
      ['verification', data.id],
      ['status', `${data.status} (${data.statusCode})`],
      ['decision', data.decision],
      ['reason', data.reason],
    ]));
    if (data.decision === 'resubmit') out.line('\nThe person can capture again with the same link.');
  },
};

export const reviewCommands: CommandGroup = {
  name: 'review',
  summary: 'specialist review of live individual verifications: list, decide',
  commands: [list, decide],
};
