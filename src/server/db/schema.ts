import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { VerificationId } from '../../contract/ids';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
type Json = Record<string, unknown>;

/**
 * API keys. The key itself is never stored in plain text: `lookupDigest` = HMAC-SHA256(server
 * secret, key) finds it; `secretEnc` (AES-256-GCM) keeps it recoverable because it is also the
 * webhook signing secret.
 */
/** One try sent back for new photos (verifications.earlier_attempts). */
export interface EarlierAttempt {
  /** When the specialist sent it back (ISO). */
  at: string;
  reason: string;
  media: { selfie?: string; front?: string; back?: string };
  /** The try's liveness evidence frames' storage keys. */
  evidenceKeys: string[];
  checks: Json | null;
  docInfo: Json | null;
}

export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  mode: text('mode').$type<'test' | 'live'>().notNull(),
  lookupDigest: text('lookup_digest').notNull(),
  secretEnc: text('secret_enc').notNull(),
  /** First characters of the key for display, e.g. `sk_test_AbC…`. */
  hint: text('hint').notNull(),
  eventsUrl: text('events_url'),
  decisionUrl: text('decision_url'),
  origins: jsonb('origins').$type<string[]>().notNull().default([]),
  /** Customer branding for the hosted flow: { name, logoUrl, accentColor, privacyPolicyUrl }. */
  branding: jsonb('branding').$type<Json>().notNull().default({}),
  /** The hosted flow offers a file picker for the selfie (such sessions are not live). */
  selfieUpload: boolean('selfie_upload').notNull().default(false),
  /** The customer organisation that owns the key (and so its verifications). */
  orgId: text('org_id').notNull().default('org_default'),
  /** Live sessions: `auto` lets the pipeline decide, `review` sends every one to a specialist. */
  decisions: text('decisions').$type<'auto' | 'review'>().notNull().default('auto'),
  /** Days media are kept after a final state (null: the server's MEDIA_RETENTION_DAYS). */
  retentionDays: integer('retention_days'),
  /** Liveness capture rounds per session, three tries each (null: LIVENESS_MAX_ROUNDS, 3). */
  livenessMaxRounds: integer('liveness_max_rounds'),
  /** Hosted flows' language when the link has no `?lang=`; null: the browser's. */
  defaultLanguage: text('default_language'),
  /** Risk rules: signal → `none` | `review` | `decline`, only those changed (contract/risk-rules.ts). */
  riskRules: jsonb('risk_rules').$type<Record<string, string>>().notNull().default({}),
  /** Minimum age in years on the document's date of birth (null: no minimum). */
  minimumAge: integer('minimum_age'),
  /** Days the image-free face embeddings outlive the media, for repeat detection only (null: erased with the media). */
  embeddingRetentionDays: integer('embedding_retention_days'),
  /** Ongoing screening (screening/): the key's verified subjects are screened again after every list import. */
  amlMonitoring: boolean('aml_monitoring').notNull().default(false),
  /** Hours a case may wait for a specialist before it is overdue (null: REVIEW_SLA_DEFAULT_HOURS, 24). */
  reviewSlaHours: integer('review_sla_hours'),
  createdAt: ts('created_at').notNull(),
  revokedAt: ts('revoked_at'),
}, (t) => [uniqueIndex('api_keys_lookup_digest').on(t.lookupDigest)]);

/** Individual verification sessions. `id` is the verificationId and the hosted processId. */
export const verifications = pgTable('verifications', {
  id: text('id').$type<VerificationId>().primaryKey(),
  apiKeyId: text('api_key_id').notNull().references(() => apiKeys.id),
  status: text('status').notNull(),
  statusCode: integer('status_code').notNull(),
  decision: text('decision'),
  reason: text('reason').notNull().default(''),
  reasonCode: integer('reason_code'),
  vendorData: text('vendor_data').notNull().default(''),
  userMeta: jsonb('user_meta').$type<Json>().notNull().default({}),
  verificationMethod: text('verification_method').notNull().default('auto'),
  redirect: text('redirect'),
  docType: text('doc_type'),
  issuingState: text('issuing_state'),
  /** Storage keys of the captured media: { selfie?, front?, back? }. */
  media: jsonb('media').$type<{ selfie?: string; front?: string; back?: string }>().notNull().default({}),
  /**
   * Each try a specialist sent back ("ask for new photos"), oldest first: when, why, its captures
   * and liveness evidence (storage keys, erased with the session's media), the checks and the
   * document data it had. The evidence of why new photos were asked for stays with the case.
   */
  earlierAttempts: jsonb('earlier_attempts').$type<EarlierAttempt[]>().notNull().default([]),
  docInfo: jsonb('doc_info').$type<Json>(),
  /** Active liveness state and outcome (src/server/liveness/liveness-state.ts); null before any. */
  liveness: jsonb('liveness').$type<Json>(),
  /** Scores and reasons of the automatic checks (decisions/rules.ts AutomaticChecks); null before. */
  checks: jsonb('checks').$type<Json>(),
  resubmissions: integer('resubmissions').notNull().default(0),
  /** Set when this session is a company representative's liveness step. */
  companyVerificationId: text('company_verification_id'),
  /** When its media files were erased (retention, deletion, redaction): the record shows none. */
  mediaErasedAt: ts('media_erased_at'),
  /** When the customer redacted it: personal data gone, a skeleton kept. */
  redactedAt: ts('redacted_at'),
  startedAt: ts('started_at'),
  submittedAt: ts('submitted_at'),
  decidedAt: ts('decided_at'),
  expiresAt: ts('expires_at').notNull(),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  index('verifications_key_updated').on(t.apiKeyId, t.updatedAt),
  index('verifications_expiry').on(t.status, t.expiresAt),
]);

export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().default('org_default'),
  name: text('name').notNull(),
  /** Latest published version; drafts are versions with publishedAt null. */
  publishedVersion: integer('published_version'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const campaignVersions = pgTable('campaign_versions', {
  campaignId: text('campaign_id').notNull().references(() => campaigns.id),
  version: integer('version').notNull(),
  definition: jsonb('definition').$type<Json>().notNull(),
  publishedAt: ts('published_at'),
  createdAt: ts('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.version] })]);

/** Company verifications. `id` is the internal id (hosted processId); `publicId` is `cv_<hex>`. */
export const companyVerifications = pgTable('company_verifications', {
  id: text('id').primaryKey(),
  publicId: text('public_id').notNull(),
  apiKeyId: text('api_key_id').notNull().references(() => apiKeys.id),
  /** HMAC-SHA256(server secret, hostedToken): the token itself is never stored. */
  hostedTokenDigest: text('hosted_token_digest').notNull(),
  status: text('status').notNull(),
  statusCode: integer('status_code').notNull(),
  reason: text('reason').notNull().default(''),
  vendorData: text('vendor_data').notNull().default(''),
  userMeta: jsonb('user_meta').$type<Json>().notNull().default({}),
  redirect: text('redirect'),
  campaignId: text('campaign_id').notNull(),
  campaignVersion: integer('campaign_version').notNull(),
  /** Saved form sections keyed by section id (the hosted draft). */
  draft: jsonb('draft').$type<Json>().notNull().default({}),
  progress: jsonb('progress').$type<Json>().notNull().default({}),
  analysis: jsonb('analysis').$type<Json>().notNull().default({}),
  uploadedDocuments: jsonb('uploaded_documents').$type<Json[]>().notNull().default([]),
  authorityProfile: jsonb('authority_profile').$type<Json>().notNull().default({}),
  extractedProfile: jsonb('extracted_profile').$type<Json>().notNull().default({}),
  auditTrail: jsonb('audit_trail').$type<Json[]>().notNull().default([]),
  mediaErasedAt: ts('media_erased_at'),
  redactedAt: ts('redacted_at'),
  submittedAt: ts('submitted_at'),
  decidedAt: ts('decided_at'),
  expiresAt: ts('expires_at').notNull(),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  uniqueIndex('company_public_id').on(t.publicId),
  index('company_key_updated').on(t.apiKeyId, t.updatedAt),
  index('company_expiry').on(t.status, t.expiresAt),
]);

/**
 * Transactional outbox: one row per webhook event, written in the same transaction as the
 * change it reports. `body` is serialised once so every retry signs the same bytes.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  apiKeyId: text('api_key_id').notNull().references(() => apiKeys.id),
  eventType: text('event_type').notNull(),
  destination: text('destination').$type<'events' | 'decision'>().notNull(),
  /** Record the event is about (individual or company id), for listing. */
  subjectId: text('subject_id'),
  body: text('body').notNull(),
  state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  lastError: text('last_error'),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  index('webhook_events_due').on(t.state, t.nextAttemptAt),
  index('webhook_events_key').on(t.apiKeyId, t.createdAt),
  // The worker delivers a subject's events in order: it looks for older pending ones.
  index('webhook_events_subject').on(t.subjectId, t.destination, t.state),
]);

export const webhookAttempts = pgTable('webhook_attempts', {
  id: serial('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => webhookEvents.id),
  url: text('url').notNull(),
  attemptedAt: ts('attempted_at').notNull(),
  statusCode: integer('status_code'),
  error: text('error'),
  durationMs: integer('duration_ms').notNull(),
  ok: boolean('ok').notNull(),
}, (t) => [index('webhook_attempts_event').on(t.eventId)]);

/** Idempotency-Key records: the first response is replayed for 24 h for the same body. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  apiKeyId: text('api_key_id').notNull(),
  key: text('key').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status').notNull(),
  responseBody: text('response_body').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })]);

/**
 * Decision jobs: one per submitted live session, written in the submit's transaction so that a
 * decision in flight survives a stop or a kill. A runner claims one (lease), analyses off the
 * request thread and decides; an expired lease makes the job claimable again.
 */
export const decisionJobs = pgTable('decision_jobs', {
  verificationId: text('verification_id').$type<VerificationId>().primaryKey(),
  state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  runAfter: ts('run_after').notNull(),
  leaseUntil: ts('lease_until'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [index('decision_jobs_due').on(t.state, t.runAfter)]);

/** Customer organisations: they own keys, campaigns and members. `org_default` always exists. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull(),
  /** Set by an owner: members without a second factor may only enrol one (accounts/second-factor). */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  /** Four-eyes: a specialist's approval or decline waits for a second member's confirmation (casework/). */
  fourEyes: boolean('four_eyes').notNull().default(false),
});

/**
 * Dashboard members. `passwordHash` is scrypt (memory-hard; lib in accounts/passwords.ts); null
 * until the one-time sign-in link is used. Failed sign-ins lock the account for a while.
 */
export const members = pgTable('members', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull(),
  email: text('email').notNull(),
  role: text('role').$type<'owner' | 'admin' | 'developer' | 'reviewer'>().notNull(),
  passwordHash: text('password_hash'),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  /** The language of the member's e-mails (chosen at invitation; null: English). */
  language: text('language'),
  createdAt: ts('created_at').notNull(),
  removedAt: ts('removed_at'),
  // An invitation does not hold its address: only a member who has accepted (set a password) and
  // is not removed does, so one organisation cannot take an address first for itself.
}, (t) => [uniqueIndex('members_email_active').on(t.email).where(sql`${t.passwordHash} is not null and ${t.removedAt} is null`)]);

/** One-time sign-in links (set a password): only the HMAC digest of the token is stored. */
export const signInLinks = pgTable('sign_in_links', {
  tokenDigest: text('token_digest').primaryKey(),
  memberId: text('member_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});

/** Dashboard sessions (cookie): only the digest of the session token is stored. */
export const memberSessions = pgTable('member_sessions', {
  tokenDigest: text('token_digest').primaryKey(),
  memberId: text('member_id').notNull(),
  createdAt: ts('created_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  /** When the member last proved it again in this session (password or a code): factor changes need it recent. */
  confirmedAt: ts('confirmed_at'),
}, (t) => [index('member_sessions_member').on(t.memberId)]);

/**
 * Members' second factors. TOTP: the secret sealed with the server key (Secrets.encrypt, as API
 * keys), the last accepted time step (a code works once); unconfirmed until a first code is
 * entered. Passkey: the WebAuthn credential id and COSE public key (base64url), its counter.
 */
export const memberFactors = pgTable('member_factors', {
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull(),
  kind: text('kind').$type<'totp' | 'passkey'>().notNull(),
  name: text('name').notNull(),
  totpSecretEnc: text('totp_secret_enc'),
  totpLastStep: integer('totp_last_step'),
  credentialId: text('credential_id'),
  publicKey: text('public_key'),
  signCount: integer('sign_count').notNull().default(0),
  transports: jsonb('transports').$type<string[]>().notNull().default([]),
  confirmedAt: ts('confirmed_at'),
  lastUsedAt: ts('last_used_at'),
  createdAt: ts('created_at').notNull(),
}, (t) => [index('member_factors_member').on(t.memberId), uniqueIndex('member_factors_credential').on(t.credentialId)]);

/** Single-use recovery codes: only their keyed digest is stored. */
export const memberRecoveryCodes = pgTable('member_recovery_codes', {
  codeDigest: text('code_digest').primaryKey(),
  memberId: text('member_id').notNull(),
  createdAt: ts('created_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [index('member_recovery_codes_member').on(t.memberId)]);

/**
 * Short-lived, single-use challenges: a password sign-in waiting for its second factor (the
 * token's digest; a passkey challenge is added when asked for), or a passkey registration.
 */
export const secondFactorChallenges = pgTable('second_factor_challenges', {
  tokenDigest: text('token_digest').primaryKey(),
  memberId: text('member_id').notNull(),
  purpose: text('purpose').$type<'sign_in' | 'passkey_register'>().notNull(),
  webauthnChallenge: text('webauthn_challenge'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
  /** Answers judged for this pending sign-in (right or wrong); it takes no more after the limit. */
  attempts: integer('attempts').notNull().default(0),
}, (t) => [index('second_factor_challenges_member').on(t.memberId)]);

/**
 * Wrong second-factor codes of one member, over every address and pending sign-in
 * (accounts/second-factor/member-guard.ts): past a free allowance each further code waits until
 * `nextTryAt`. One row per member, updated in one conditional statement, so concurrent guesses
 * cannot all pass the check.
 */
export const secondFactorGuards = pgTable('second_factor_guards', {
  memberId: text('member_id').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: ts('last_failure_at'),
  nextTryAt: ts('next_try_at').notNull(),
  /** Wrong codes before the member's last sign-in that the member has not yet been shown. */
  unseenFailures: integer('unseen_failures').notNull().default(0),
});

/** Every member action (sign-in, review decisions, key changes…): who, what, on what, when. */
export const auditEvents = pgTable('audit_events', {
  id: serial('id').primaryKey(),
  orgId: text('org_id').notNull(),
  memberId: text('member_id'),
  actorEmail: text('actor_email').notNull(),
  action: text('action').notNull(),
  subjectId: text('subject_id'),
  detail: jsonb('detail').$type<Json>().notNull().default({}),
  at: ts('at').notNull(),
}, (t) => [index('audit_events_org_at').on(t.orgId, t.at)]);

/**
 * Rate-limit counters, one row per bucket (who and what, e.g. `hosted-ip:203.0.113.7`) and
 * fixed window: shared by every process on the database, so limits hold behind a load balancer.
 * Old windows are swept.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  bucket: text('bucket').notNull(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
}, (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limit_hits_window').on(t.windowStart)]);

/**
 * What repeat-identity detection keeps of a decided live session: the selfie's 128-d face
 * descriptor (dlib, Euclidean; float4[] so that PostgreSQL without pgvector stores it too; where
 * the extension is present an HNSW index on its vector cast is made at start, db/vector-index.ts),
 * and keyed digests (HMAC with the server secret) of the document number and of the names, so the
 * numbers and names themselves are never kept here. Scoped to the key's organisation.
 */
export const identityMarks = pgTable('identity_marks', {
  verificationId: text('verification_id').$type<VerificationId>().primaryKey(),
  orgId: text('org_id').notNull(),
  /** 128 float4s; null once erased (with the media, or when the key's longer keep ran out). */
  embedding: real('embedding').array(),
  /** HMAC of type|issuing state|number, from the MRZ fields its check digits proved; null without. */
  documentDigest: text('document_digest'),
  /** HMAC of the MRZ names (last|first); null without. */
  nameDigest: text('name_digest'),
  /**
   * HMAC of type|issuing state|number as read from the print alone (no MRZ proved it); null
   * otherwise. Proves nothing: it lets the next session with that number find this one while
   * a specialist has it (a review signal, never a decline).
   */
  printDigest: text('print_digest'),
  /** The embedding outlives the media until then (key's embeddingRetentionDays); null: not past them. */
  embeddingKeepUntil: ts('embedding_keep_until'),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  index('identity_marks_org_document').on(t.orgId, t.documentDigest),
  index('identity_marks_org_print').on(t.orgId, t.printDigest),
  index('identity_marks_keep').on(t.embeddingKeepUntil),
]);

/**
 * An organisation's blocklist (a face or a document number taken from a case) and allowlist
 * (a pair of verifications whose duplicate flag a reviewer cleared). Entries are removed by
 * stamping removedAt, so the audit trail and the entry stay readable.
 */
export const riskListEntries = pgTable('risk_list_entries', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull(),
  list: text('list').$type<'block' | 'allow'>().notNull(),
  /** block: `face` or `document`; allow: `pair`. */
  target: text('target').$type<'face' | 'document' | 'pair'>().notNull(),
  /** The case it was taken from (block) or the pair's first member (allow). */
  verificationId: text('verification_id').$type<VerificationId>().notNull(),
  otherVerificationId: text('other_verification_id').$type<VerificationId>(),
  /** A copy of the case's embedding (face blocks), so the block outlives the case's media. */
  embedding: real('embedding').array(),
  documentDigest: text('document_digest'),
  reason: text('reason').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  removedAt: ts('removed_at'),
  removedBy: text('removed_by'),
}, (t) => [index('risk_list_org').on(t.orgId, t.list, t.removedAt)]);

/**
 * A sanctions, PEP or internal list screening runs against (screening/). `orgId` null: an
 * operator's list, screened for every organisation; set: one organisation's own list.
 * `currentVersion` 0 until the first import; each import is a new version (screening_list_versions).
 */
export const screeningLists = pgTable('screening_lists', {
  id: text('id').primaryKey(),
  orgId: text('org_id'),
  name: text('name').notNull(),
  kind: text('kind').$type<'sanctions' | 'pep' | 'internal'>().notNull(),
  format: text('format').notNull(),
  currentVersion: integer('current_version').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** One import of a list: what the file held and what changed since the version before. */
export const screeningListVersions = pgTable('screening_list_versions', {
  listId: text('list_id').notNull(),
  version: integer('version').notNull(),
  importedAt: ts('imported_at').notNull(),
  importedBy: text('imported_by').notNull(),
  /** The uploaded files' names and SHA-256 ({ name, sha256, bytes }[]). */
  sources: jsonb('sources').$type<{ name: string; sha256: string; bytes: number }[]>().notNull(),
  /** The publisher's own date of the file when it says (e.g. the UN's dateGenerated). */
  publishedAt: text('published_at'),
  entityCount: integer('entity_count').notNull(),
  nameCount: integer('name_count').notNull(),
  /** Keys added, removed and changed since the previous version ({ added, removed, changed }: string[]). */
  diff: jsonb('diff').$type<{ added: string[]; removed: string[]; changed: string[] }>().notNull(),
}, (t) => [primaryKey({ columns: [t.listId, t.version] })]);

/**
 * A listed entity as one or more versions held it: a row per content, valid from `sinceVersion`
 * until `untilVersion` (null: still listed). A change closes the row and opens another, so every
 * version's content stays readable (a hit names what the list said when it was found).
 */
export const screeningEntities = pgTable('screening_entities', {
  listId: text('list_id').notNull(),
  key: text('key').notNull(),
  sinceVersion: integer('since_version').notNull(),
  untilVersion: integer('until_version'),
  /** SHA-256 of the entity's canonical JSON: a change of it is a change of the entity. */
  digest: text('digest').notNull(),
  data: jsonb('data').$type<Json>().notNull(),
}, (t) => [
  primaryKey({ columns: [t.listId, t.key, t.sinceVersion] }),
  index('screening_entities_current').on(t.listId, t.untilVersion),
]);

/**
 * What screening found for one subject: a verification (`individual`) or a company
 * verification (`company`) and its part (the person, the company, an officer, an owner, the
 * representative), against one listed entity. A reviewer resolves it as a true or a false
 * match; a false match stays resolved while the entity's digest is the one resolved.
 */
export const screeningHits = pgTable('screening_hits', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull(),
  subjectType: text('subject_type').$type<'individual' | 'company'>().notNull(),
  subjectId: text('subject_id').notNull(),
  /** `person`, `company`, `officer:<n>`, `owner:<n>`, `representative`. */
  part: text('part').notNull(),
  /** The name screened, as the subject gave it. */
  partName: text('part_name').notNull(),
  listId: text('list_id').notNull(),
  listVersion: integer('list_version').notNull(),
  entityKey: text('entity_key').notNull(),
  entityDigest: text('entity_digest').notNull(),
  entityName: text('entity_name').notNull(),
  matchedName: text('matched_name').notNull(),
  signal: text('signal').$type<'sanctions_hit' | 'pep_hit'>().notNull(),
  score: real('score').notNull(),
  features: jsonb('features').$type<{ feature: string; value: number; detail: string }[]>().notNull(),
  state: text('state').$type<'open' | 'true_match' | 'false_match'>().notNull().default('open'),
  /** The entity digest the resolution was made on (a changed entity reopens a false match). */
  resolvedDigest: text('resolved_digest'),
  resolvedBy: text('resolved_by'),
  resolvedAt: ts('resolved_at'),
  resolutionReason: text('resolution_reason'),
  /** No longer found (the entity left the list, or the subject changed): kept for the record. */
  goneAt: ts('gone_at'),
  firstSeenAt: ts('first_seen_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
}, (t) => [
  uniqueIndex('screening_hits_subject_entity').on(t.subjectType, t.subjectId, t.part, t.listId, t.entityKey),
  index('screening_hits_org_state').on(t.orgId, t.state),
]);

/**
 * A subject screened once, and monitored when its key asks (`api_keys.aml_monitoring`): after
 * each import it is screened again. Names and dates are not copied here: they are read from the
 * subject's record at each screening (and so are gone when its retention erases them).
 */
export const screeningSubjects = pgTable('screening_subjects', {
  subjectType: text('subject_type').$type<'individual' | 'company'>().notNull(),
  subjectId: text('subject_id').notNull(),
  orgId: text('org_id').notNull(),
  keyId: text('key_id').notNull(),
  monitored: boolean('monitored').notNull().default(false),
  lastScreenedAt: ts('last_screened_at').notNull(),
  /** The list versions of the last screening ({ listId: version }). */
  listVersions: jsonb('list_versions').$type<Record<string, number>>().notNull(),
}, (t) => [
  primaryKey({ columns: [t.subjectType, t.subjectId] }),
  index('screening_subjects_monitored').on(t.monitored, t.subjectType, t.subjectId),
]);

/**
 * A team's work on one case (casework/): who has it, and under four-eyes the first reviewer's
 * decision waiting for a second. `caseId` is the verificationId or the company's public `cv_` id.
 * A case nobody touched has no row.
 */
export const caseWork = pgTable('case_work', {
  family: text('family').$type<'individual' | 'company'>().notNull(),
  caseId: text('case_id').notNull(),
  orgId: text('org_id').notNull(),
  assigneeId: text('assignee_id'),
  assignedAt: ts('assigned_at'),
  /** { decision, reason, memberId, email, at }: a first reviewer's decision under four-eyes. */
  pending: jsonb('pending').$type<{ decision: 'successful' | 'failed'; reason: string; memberId: string; email: string; at: string }>(),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.family, t.caseId] }),
  index('case_work_assignee').on(t.orgId, t.assigneeId),
]);

/** Reviewers' notes on a case: internal (never in webhooks or the API), append-only, erased with the case. */
export const caseNotes = pgTable('case_notes', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull(),
  family: text('family').$type<'individual' | 'company'>().notNull(),
  caseId: text('case_id').notNull(),
  memberId: text('member_id').notNull(),
  authorEmail: text('author_email').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [index('case_notes_case').on(t.family, t.caseId, t.createdAt)]);

/** A member's saved list views (the list's URL filters under a name): private to the member. */
export const savedFilters = pgTable('saved_filters', {
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull(),
  name: text('name').notNull(),
  /** The list's query string without page (e.g. `waiting=1&assignee=me`). */
  query: text('query').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [index('saved_filters_member').on(t.memberId)]);

/**
 * One hosted session as the overview sees it (analytics/): when it was opened (its cohort day),
 * who opened it (device class and browser family from the User-Agent, never the string itself),
 * and each milestone it reached: `{ [milestone]: { at: ISO, tries } }`. Written as the flow runs;
 * erased with nothing personal in it. `sessionId` is the verificationId or the company's
 * internal id.
 */
export const flowSessions = pgTable('flow_sessions', {
  family: text('family').$type<'individual' | 'company'>().notNull(),
  sessionId: text('session_id').notNull(),
  orgId: text('org_id').notNull(),
  apiKeyId: text('api_key_id').notNull(),
  flowVersion: text('flow_version').notNull(),
  device: text('device').notNull(),
  browser: text('browser').notNull(),
  /** UTC day the session was first seen (YYYY-MM-DD): every later milestone counts on this day's row. */
  day: date('day', { mode: 'string' }).notNull(),
  milestones: jsonb('milestones').$type<Record<string, { at: string; tries: number }>>().notNull().default({}),
  createdAt: ts('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.family, t.sessionId] })]);

/**
 * The overview's counters, pre-aggregated as milestones happen so that a period of a million
 * sessions reads thousands of rows: per cohort day, key and flow version, `metric` (reached,
 * retried, time, outcome, reason) and its `label` (a milestone; `step:bucket` for time;
 * `outcome:reason`).
 */
export const flowDaily = pgTable('flow_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  orgId: text('org_id').notNull(),
  apiKeyId: text('api_key_id').notNull(),
  family: text('family').notNull(),
  flowVersion: text('flow_version').notNull(),
  metric: text('metric').notNull(),
  label: text('label').notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ columns: [t.orgId, t.family, t.day, t.apiKeyId, t.flowVersion, t.metric, t.label] })]);

/**
 * The device and browser split, kept apart from flow_daily so the main counters do not multiply
 * by every device × browser: only the funnel's ends (`opened`, `submitted`, `decided`) per pair.
 */
export const flowDailyDevices = pgTable('flow_daily_devices', {
  day: date('day', { mode: 'string' }).notNull(),
  orgId: text('org_id').notNull(),
  apiKeyId: text('api_key_id').notNull(),
  family: text('family').notNull(),
  flowVersion: text('flow_version').notNull(),
  device: text('device').notNull(),
  browser: text('browser').notNull(),
  label: text('label').notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ columns: [t.orgId, t.family, t.day, t.apiKeyId, t.flowVersion, t.device, t.browser, t.label] })]);
