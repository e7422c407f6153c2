import { createMemberBodySchema, createOrgBodySchema, memberRoleSchema, type CreatedMember, type Org } from '../../../contract/accounts';
import { resetSecondFactorBodySchema, type SecondFactorReset } from '../../../contract/accounts-second-factor';
import { type Command, type CommandGroup } from '../command';
import { UsageError } from '../errors';
import { formatFields, shortTime, type Column } from '../output';

const orgColumns: Column<Org>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'NAME', value: (o) => o.name, max: 40 },
  { header: 'CREATED', value: (o) => shortTime(o.createdAt) },
];

const createOrg: Command = {
  name: 'create',
  summary: 'create a customer organisation (it owns keys, campaigns and dashboard members)',
  options: { name: { type: 'string', value: 'NAME', description: 'the organisation\'s name', required: true } },
  async run({ opts, json, client, out }) {
    const body = createOrgBodySchema.safeParse({ name: opts.string('name') });
    if (!body.success) throw new UsageError(`--name: ${body.error.issues[0]!.message}`);
    const { data } = await client().call<Org>('POST', '/orgs', body.data);
    if (json) out.json(data);
    else out.line(formatFields([['id', data.id], ['name', data.name]]));
  },
};

const listOrgs: Command = {
  name: 'list',
  summary: 'list organisations (org_default holds keys made without --org)',
  async run({ json, client, out }) {
    const { data } = await client().call<Org[]>('GET', '/orgs');
    if (json) out.json(data);
    else out.table(data, orgColumns, 'No organisations.');
  },
};

const createUser: Command = {
  name: 'create',
  summary: 'add a dashboard member and print their one-time sign-in link (no e-mail is sent)',
  options: {
    email: { type: 'string', value: 'EMAIL', description: 'their e-mail address (their sign-in name)', required: true },
    role: { type: 'string', value: 'ROLE', choices: memberRoleSchema.options, description: 'owner | admin | developer | reviewer', required: true },
    org: { type: 'string', value: 'ID', description: 'organisation (default org_default)' },
  },
  details: [
    'The link is valid for 7 days and works once: the person sets a password (12+ characters) and lands signed in.',
    'With --json, stdout is exactly {"id","email","role","orgId","signInUrl"}.',
  ],
  async run({ opts, json, client, out }) {
    const body = createMemberBodySchema.safeParse({ email: opts.string('email'), role: opts.string('role'), ...(opts.has('org') ? { orgId: opts.string('org') } : {}) });
    if (!body.success) throw new UsageError(body.error.issues.map((i) => `--${String(i.path[0] ?? 'email').replace('orgId', 'org')}: ${i.message}`).join('\n       '));
    const { data } = await client().call<CreatedMember>('POST', '/users', body.data);
    if (json) {
      out.line(JSON.stringify({ id: data.id, email: data.email, role: data.role, orgId: data.orgId, signInUrl: data.signInUrl }));
      return;
    }
    out.line(formatFields([['id', data.id], ['email', data.email], ['role', data.role], ['organisation', data.orgId]]));
    out.line('');
    out.line('One-time sign-in link (7 days; pass it on privately):');
    out.line(data.signInUrl);
  },
};

const resetSecondFactor: Command = {
  name: 'reset-second-factor',
  summary: 'remove a locked-out member\'s second factors and recovery codes (audited)',
  options: { email: { type: 'string', value: 'EMAIL', description: 'the member\'s e-mail address', required: true } },
  details: [
    'For a member who lost their authenticator app, passkeys and recovery codes: they sign in with their password alone',
    'and, where their organisation requires a second factor, are taken to set up a new one. Check who is asking first.',
  ],
  async run({ opts, json, client, out }) {
    const body = resetSecondFactorBodySchema.safeParse({ email: opts.string('email') });
    if (!body.success) throw new UsageError(`--email: ${body.error.issues[0]!.message}`);
    const { data } = await client().call<SecondFactorReset>('POST', '/users/reset-second-factor', body.data);
    if (json) out.json(data);
    else out.line(formatFields([['id', data.id], ['email', data.email], ['factors removed', String(data.factorsRemoved)]]));
  },
};

export const orgsCommands: CommandGroup = { name: 'orgs', summary: 'customer organisations', commands: [createOrg, listOrgs] };
export const usersCommands: CommandGroup = { name: 'users', summary: 'dashboard members (sign-in links)', commands: [createUser, resetSecondFactor] };
