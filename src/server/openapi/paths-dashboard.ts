import { createMemberBodySchema, createOrgBodySchema, forgotPasswordBodySchema, setPasswordBodySchema, signInBodySchema, updateMeBodySchema } from '../../contract/accounts';
import { adminDeliveryListQuerySchema, createKeyBodySchema, updateKeyBodySchema } from '../../contract/admin';
import { createCampaignBodySchema, dashboardCampaignDetailSchema, dashboardCampaignSummarySchema } from '../../contract/campaign';
import { dashboardDecisionBodySchema, dashboardListQuerySchema } from '../../contract/dashboard';
import { overviewQueryFields, overviewSchema } from '../../contract/overview';
import { queryParameters, toSchema } from './json-schema';
import { json, jsonBody, ok, pathParam, ref, responseRef, security, TAGS, type Json, type Operation, type Paths } from './operations';
import { adminErrors } from './responses';
import { caseworkPaths } from './paths-casework';
import { riskListPaths } from './paths-risk-lists';
import { dashboardScreeningPaths } from './paths-screening';
import { adminSecondFactorPaths, secondFactorSignInPaths, securityPaths } from './paths-second-factor';

type OpParts = Json & { responses: Record<string, Json> };
const invalid = { description: 'Invalid body or query (`error.issues`)', content: json(ref('Error')) };
const coded = (description: string) => ({ description, content: json(ref('Error')) });

/** The operator's accounts API (`idv orgs …`, `idv users create`), admin token. */
export function accountAdminPaths(): Paths {
  const op = (summary: string, rest: OpParts) => ({ summary, tags: [TAGS.admin], security: security.admin, ...rest, responses: { ...rest.responses, ...adminErrors() } });
  return {
    '/admin/orgs': {
      get: op('List customer organisations (org_default first)', { responses: { 200: ok('Fetched organisations', { type: 'array', items: ref('Org') }) } }),
      post: op('Create a customer organisation', { requestBody: jsonBody(createOrgBodySchema), responses: { 200: ok('Organisation created', ref('Org')), 400: invalid } }),
    },
    '/admin/users': {
      post: op('Add a dashboard member; answers the one-time sign-in link (7 days; the operator passes it on, no e-mail is sent)', {
        requestBody: jsonBody(createMemberBodySchema),
        responses: { 200: ok('Member created', ref('CreatedMember')), 400: coded('Invalid body, or `org_not_found`'), 409: coded('`email_taken`: a member (password set) of any organisation, or a member or invitee of this one') },
      }),
    },
    ...adminSecondFactorPaths(op),
  };
}

/**
 * The dashboard API: a session cookie (HttpOnly, SameSite=Strict) set by sign-in; every change
 * also sends `x-csrf-token` (from `GET /dashboard/me`). 401 `not_signed_in`, 403 `csrf` or
 * `forbidden` (the member's role), or `second_factor_required` (the organisation requires a second
 * factor the member has not set up: only me, sign-out and security answer).
 */
export function dashboardPaths(): Paths {
  const signedOut = (summary: string, rest: OpParts) => ({ summary, tags: [TAGS.dashboard], security: security.none, ...rest });
  const op = (summary: string, rest: OpParts) => ({
    summary, tags: [TAGS.dashboard], security: security.member, ...rest,
    responses: { ...rest.responses, 401: coded('`not_signed_in`'), 403: coded('`csrf` (a change without the session\'s CSRF token), `forbidden` (role) or `second_factor_required` (the organisation requires a second factor: set one up under security)'), 500: responseRef('InternalError') },
  });
  return {
    '/dashboard/auth/sign-in': {
      post: signedOut('Sign in with e-mail and password (sets the session cookie)', {
        requestBody: jsonBody(signInBodySchema),
        responses: { 200: ok('Signed in (`Me`), or, for a member with a second factor, no session yet: `PendingSignIn` and the pending cookie for `/dashboard/auth/second-factor`', { oneOf: [ref('Me'), ref('PendingSignIn')] }), 400: invalid, 401: coded('`wrong_credentials` (the same for an unknown e-mail)'), 403: coded('`csrf`: sent from another site (`Sec-Fetch-Site`, else `Origin`)'), 429: coded('`locked`: five wrong passwords for this e-mail from this address within 15 minutes close it for this address for 15 minutes (an unknown e-mail answers the same); or `rate_limited`: too many attempts from this address (`RATE_LIMIT_SIGN_IN_PER_ADDRESS`). Both with `Retry-After`') },
      }),
    },
    '/dashboard/auth/set-password': {
      post: signedOut('Use a one-time sign-in link: set a password (12+ characters, judged by a strength estimator with common-password lists) and sign in', {
        requestBody: jsonBody(setPasswordBodySchema),
        responses: { 200: ok('Signed in, or `PendingSignIn` for a member with a second factor (the link does not get past it)', { oneOf: [ref('Me'), ref('PendingSignIn')] }), 400: coded('Invalid body, `link_invalid` (used, expired or unknown), or `weak_password` (too easy to guess; `warning` and `suggestions` say why; the link stays valid)'), 403: coded('`csrf`: sent from another site'), 429: responseRef('RateLimited') },
      }),
    },
    '/dashboard/auth/forgot-password': {
      post: signedOut('Forgot password: e-mails a one-time link to choose a new one (1 hour) through SMTP_URL; the same answer for any address, given before the mail is sent', {
        requestBody: jsonBody(forgotPasswordBodySchema),
        responses: { 200: ok('If this address belongs to a member, a link to choose a new password is on its way', null), 400: invalid, 403: coded('`csrf`: sent from another site'), 409: coded('`mail_not_configured`: this server sends no e-mail (ask an owner for a new sign-in link)'), 429: coded('`rate_limited`: 5 requests per address group or 3 per e-mail an hour, with `Retry-After`') },
      }),
    },
    ...secondFactorSignInPaths(),
    ...securityPaths(op),
    '/dashboard/auth/sign-out': { post: op('Sign out (ends this session)', { responses: { 200: ok('Signed out', null) } }) },
    '/dashboard/me': {
      get: op('Who is signed in, their organisation, what their role allows, the CSRF token', { responses: { 200: ok('Signed in', ref('Me')) } }),
      patch: op("The member's own settings: the language of their e-mails (invitation, password reset), audited as `member.language_changed`", {
        requestBody: jsonBody(updateMeBodySchema),
        responses: { 200: ok('Settings saved', ref('Me')), 400: invalid },
      }),
    },
    '/dashboard/verifications': {
      get: op('Both families of the organisation, newest first (or `sort=oldest`: waiting longest first), with name, country, risk, assignee and due date, filters (`assignee=me|none|<member id>`) and counts per status under the filters', {
        parameters: queryParameters(dashboardListQuerySchema),
        responses: { 200: ok('Fetched verifications', ref('DashboardList')), 400: invalid },
      }),
    },
    '/dashboard/verifications/export.csv': {
      get: op('The filtered list (the same filters as the list, no page) as a CSV file, newest first, up to 10,000 rows; audited as `verifications.exported` with the filters', {
        parameters: queryParameters(dashboardListQuerySchema),
        responses: { 200: { description: 'CSV: family, id, status, statusCode, waitingForReview, name, country, risk, assignee (e-mail), submittedAt, dueAt, vendorData, keyName, keyMode, createdAt, updatedAt (values that would run as a spreadsheet formula start with an apostrophe)', content: { 'text/csv': { schema: { type: 'string' } } } }, 400: invalid },
      }),
    },
    '/dashboard/verifications/individual/{id}': {
      get: op('One individual case: the record (signed media URLs), the automatic checks\' scores and reasons, the webhook deliveries with their attempts, the members\' actions on it', {
        parameters: [pathParam('id', 'The verificationId')],
        responses: { 200: ok('Fetched verification', { type: 'object', properties: { record: ref('IndividualRecord'), checks: { oneOf: [ref('AutomaticChecks'), { type: 'null' }] }, deliveries: { type: 'array', items: ref('WebhookDelivery') }, audit: { type: 'array', items: ref('AuditEntry') }, riskLists: { type: 'array', items: ref('RiskListEntry'), description: 'Block and allow entries taken from, or pairing, this case' }, screeningHits: { type: 'array', items: ref('ScreeningHit'), description: 'Every screening hit of the case, resolved and no longer found ones included (`gone`)' }, earlierAttempts: { type: 'array', description: 'Tries a specialist sent back for new photos, oldest first: when (`sentBackAt`), why (`reason`), their pictures (`images.selfie|front|back`, signed links, empty once erased) and `checks`', items: { type: 'object', properties: { attempt: { type: 'integer' }, sentBackAt: { type: 'string' }, reason: { type: 'string' }, images: { type: 'object', properties: { selfie: { type: 'string' }, front: { type: 'string' }, back: { type: 'string' } } }, checks: { oneOf: [ref('AutomaticChecks'), { type: 'null' }] } } } }, matchedBy: { type: 'array', description: 'Later sessions of the organisation whose risk signals name this case (up to 20, newest first)', items: { type: 'object', properties: { verificationId: { type: 'string' }, status: { type: 'string' }, signal: { type: 'string' }, detail: { type: 'string' } } } } } }), 404: coded('`not_found` (also another organisation\'s)') },
      }),
    },
    '/dashboard/verifications/individual/{id}/decide': {
      post: op('Decide a case waiting for review (reviewer, admin, owner): approve, decline with a reason, ask for a resubmission with a reason; recorded with who and when. Under four-eyes an approval or decline by a first member answers `Decision waiting for a second reviewer` with `{ record, pending }`; the same decision by another member makes it', {
        parameters: [pathParam('id', 'The verificationId')],
        requestBody: jsonBody(dashboardDecisionBodySchema),
        responses: { 200: ok('Review decided (or, under four-eyes, waiting for a second reviewer)', ref('IndividualRecord')), 400: invalid, 404: coded('`not_found`'), 409: coded('`not_in_review`, or `four_eyes_same_reviewer`: the member who proposed it cannot confirm it') },
      }),
    },
    ...companyCasePaths(op),
    ...caseworkPaths(op),
    '/dashboard/overview': {
      get: op('The organisation\'s hosted-flow overview for a period of cohort days (UTC; default the last 30, at most 366): the funnel with each stage\'s drop-off, time per step (p50/p90, estimated from a histogram) and retried captures, outcome counts with the top five reasons each (as codes: an automatic check code or `other`, never the words of a reason), device class and browser family split, volume per day. Filters: `family` (`individual` default, `company`), `apiKeyId`, `flowVersion`. Every role; counts only', {
        parameters: queryParameters(overviewQueryFields),
        responses: { 200: ok('Fetched overview', toSchema(overviewSchema)), 400: invalid },
      }),
    },
    ...developerPaths(op),
    ...teamPaths(op),
    ...campaignPaths(op),
    ...riskListPaths(op),
    ...dashboardScreeningPaths(op),
  };
}

/** Company cases: the record, the representative's liveness session, timeline, members' actions. */
function companyCasePaths(op: Op): Paths {
  const id = [pathParam('id', 'The public `cv_` id (or the internal id)')];
  const caseView = { type: 'object', properties: {
    record: ref('CompanyRecord'), mode: { type: 'string', enum: ['test', 'live'] }, keyId: { type: 'string' },
    liveness: { oneOf: [ref('IndividualRecord'), { type: 'null' }], description: 'The representative\'s latest liveness session' },
    deliveries: { type: 'array', items: ref('WebhookDelivery') }, audit: { type: 'array', items: ref('AuditEntry') },
    screeningHits: { type: 'array', items: ref('ScreeningHit'), description: 'Every screening hit of the case, resolved and no longer found ones included (`gone`)' },
  } };
  const moved = { 200: ok('Moved; the case as GET shows it', caseView), 404: coded('`not_found` (also another organisation\'s)'), 409: coded('`not_in_review`, or `four_eyes_same_reviewer`') };
  return {
    '/dashboard/verifications/company/{id}': {
      get: op('One company case: every section, documents with signed URLs (images and PDF), analysis, the representative\'s liveness, webhook deliveries, the members\' actions', {
        parameters: id, responses: { 200: ok('Fetched company verification', caseView), 404: coded('`not_found` (also another organisation\'s)') },
      }),
    },
    '/dashboard/verifications/company/{id}/review': {
      post: op('Mark a submitted case as under review (event `company_verification.under_review`)', { parameters: id, responses: moved }),
    },
    '/dashboard/verifications/company/{id}/decide': {
      post: op('Approve, or decline with a reason (the company form cannot be sent back: `resubmit` answers 400 `resubmit_not_available`); recorded in the trail with the member\'s e-mail', {
        parameters: id, requestBody: jsonBody(dashboardDecisionBodySchema), responses: { ...moved, 400: invalid },
      }),
    },
  };
}

type Op = (summary: string, rest: OpParts) => Operation;

/** Developers section: developer, admin, owner; the organisation's keys and webhooks only. */
function developerPaths(op: Op): Paths {
  const id = pathParam('id', 'Key id');
  return {
    '/dashboard/keys': {
      get: op('The organisation\'s API keys (hints only)', { responses: { 200: ok('Fetched API keys', { type: 'array', items: ref('AdminKey') }) } }),
      post: op('Create an API key for the organisation (the key is in this answer only; `orgId` is ignored)', { requestBody: jsonBody(createKeyBodySchema), responses: { 200: ok('API key created', ref('CreatedKey')), 400: invalid } }),
    },
    '/dashboard/keys/{id}': { patch: op('Change webhook URLs, origins, name, branding, selfie upload, decisions, risk rules, minimum age, embedding keep', { parameters: [id], requestBody: jsonBody(updateKeyBodySchema), responses: { 200: ok('API key updated', ref('AdminKey')), 400: invalid, 404: coded('`not_found`'), 409: coded('`revoked`') } }) },
    '/dashboard/keys/{id}/revoke': { post: op('Revoke a key', { parameters: [id], responses: { 200: ok('API key revoked', ref('AdminKey')), 404: coded('`not_found`') } }) },
    '/dashboard/keys/{id}/test-event': { post: op('Send a signed `webhook.test` event to each configured URL', { parameters: [id], responses: { 200: ok('Test webhook events queued', ref('TestEvents')), 400: coded('`no_urls`'), 404: coded('`not_found`') } }) },
    '/dashboard/webhooks': { get: op('Webhook deliveries of the organisation\'s keys, newest first, with every attempt', { parameters: queryParameters(adminDeliveryListQuerySchema), responses: { 200: ok('Fetched webhook deliveries', { type: 'array', items: ref('WebhookDelivery') }, true), 400: invalid } }) },
    '/dashboard/webhooks/{eventId}/redeliver': { post: op('Queue an event again (same id and body)', { parameters: [pathParam('eventId', 'Webhook-Id of the event')], responses: { 200: ok('Webhook event queued for redelivery', { type: 'object', properties: { id: { type: 'string' } } }), 404: coded('`not_found`') } }) },
  };
}

/** Team: owner and admin; only an owner adds or removes an owner; nobody removes themself. */
function teamPaths(op: Op): Paths {
  return {
    '/dashboard/team': {
      get: op('Members of the organisation (never a password hash)', { responses: { 200: ok('Fetched members', { type: 'array', items: ref('Member') }) } }),
      post: op('Invite a member: answers a one-time sign-in link to pass on, also e-mailed to the invitee when SMTP_URL is set (`emailed`). The same answer whatever other organisations hold the address; it joins the organisation when its owner sets a password through the link', { requestBody: jsonBody(createMemberBodySchema.omit({ orgId: true })), responses: { 200: ok('Member invited', ref('CreatedMember')), 400: invalid, 409: coded('`email_taken`: already a member or invitee of this organisation') } }),
    },
    '/dashboard/audit': { get: op('The organisation\'s activity: every member action (sign-in, keys, decisions, team), newest first, the last 500; owners and admins', { responses: { 200: ok('Fetched activity', { type: 'array', items: ref('AuditEntry') }) } }) },
    '/dashboard/team/{id}': { delete: op('Remove a member (their sessions end)', { parameters: [pathParam('id', 'Member id')], responses: { 200: ok('Member removed', null), 400: coded('`self`'), 404: coded('`not_found`') } }) },
  };
}

/** Campaigns: developer, admin, owner; the organisation's own plus the shared default (read-only). */
function campaignPaths(op: Op): Paths {
  const id = pathParam('id', 'Campaign id');
  const detail = toSchema(dashboardCampaignDetailSchema);
  const unknown = coded('`not_found` (also another organisation\'s)');
  return {
    '/dashboard/campaigns': {
      get: op('The organisation\'s campaigns and the default one (`shared`: read-only)', { responses: { 200: ok('Fetched campaigns', { type: 'array', items: toSchema(dashboardCampaignSummarySchema) }) } }),
      post: op('Create a campaign of the organisation (without `id`: it gets a new random id), or add a draft version to one of its own (its `id`; any other id, unknown or another organisation\'s, answers the same 404; the default answers 403 `read_only`)', {
        requestBody: jsonBody(createCampaignBodySchema),
        responses: { 200: ok('Campaign created with a draft version / Draft version added', detail), 400: invalid, 404: unknown },
      }),
    },
    '/dashboard/campaigns/{id}': { get: op('A campaign with every version', { parameters: [id], responses: { 200: ok('Fetched campaign', detail), 404: unknown } }) },
    '/dashboard/campaigns/{id}/publish': {
      post: op('Publish the newest draft version (the default answers 403 `read_only`)', {
        parameters: [id],
        responses: { 200: ok('Campaign published', { type: 'object', properties: { id: { type: 'string' }, publishedVersion: { type: 'integer' } } }), 400: coded('`no_draft`'), 404: unknown },
      }),
    },
  };
}
