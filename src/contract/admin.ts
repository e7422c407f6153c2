import { z } from 'zod';
import { riskActionSchema, riskRulesSchema, riskSignalSchema } from './risk-rules';
import { automaticChecksSchema } from './automatic-checks';
import { URL_MAX, httpUrlSchema } from './common';
import { destinationSchema } from './events';
import { SUPPORTED_LANGUAGES } from './languages';
import { LIVENESS_ROUNDS_MAX, LIVENESS_ROUNDS_MIN } from './liveness-session';
import { companyStatusSchema } from './statuses';

/**
 * Operator (admin) API, used by the `idv` command: API keys, company review, specialist review
 * and the webhook outbox. Keys are shown in full once, on create; every other answer carries
 * only the `hint` (prefix) of the key.
 */

export const keyModeSchema = z.enum(['test', 'live']);
export type KeyMode = z.infer<typeof keyModeSchema>;

const NAME_MAX = 100;
export const ORIGINS_MAX = 50;

/** Webhook destination: absolute http(s) URL without credentials (the signing secret is the key). */
export const webhookUrlSchema = z.string().max(URL_MAX).refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}, { message: 'must be an http(s) URL without credentials' });

/**
 * The host of an origin as a CSP source may hold it: DNS labels (letters, digits, hyphens;
 * IDNs arrive as punycode from URL), IPv4, or a bracketed IPv6. No `*`, `;`, `,`, quotes or
 * spaces, so an origin can never widen frame-ancestors or add a directive.
 */
const ORIGIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/** `scheme://host[:port]` when `v` is exactly such an origin (http or https), else null. */
export function strictOrigin(v: unknown): string | null {
  if (typeof v !== 'string' || !/^https?:\/\/[^/?#\s]+\/?$/i.test(v)) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  if (u.username || u.password || u.pathname !== '/' || u.search || u.hash || !ORIGIN_HOST.test(u.hostname)) return null;
  return u.origin;
}

/**
 * An exact web origin (scheme, host, optional port), e.g. `https://shop.example`: the hosted flow
 * compares it with the embedding page's origin. A trailing `/` is tolerated and normalised away;
 * paths, queries, fragments and credentials are refused because an origin has none.
 */
export const originSchema = z.string().max(URL_MAX).transform((v, ctx) => {
  const origin = strictOrigin(v);
  if (origin) return origin;
  ctx.addIssue({ code: 'custom', message: 'must be an origin like https://shop.example (scheme, host and port only: no path, query, credentials, * or ;)' });
  return z.NEVER;
});

export const accentColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour like #1a2b3c' });

/** Branding of the hosted flow; in PATCH each field may be null to clear it. */
export const brandingSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX).optional(),
  logoUrl: httpUrlSchema.optional(),
  accentColor: accentColorSchema.optional(),
  privacyPolicyUrl: httpUrlSchema.optional(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const brandingPatchSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX).nullable().optional(),
  logoUrl: httpUrlSchema.nullable().optional(),
  accentColor: accentColorSchema.nullable().optional(),
  privacyPolicyUrl: httpUrlSchema.nullable().optional(),
});

const originsSchema = z.array(originSchema).max(ORIGINS_MAX);

/** Days media are kept after a verification's final state (docs/operations.md, "Retention and redaction"). */
export const retentionDaysSchema = z.number().int().min(0).max(3650);

/**
 * Liveness capture rounds a session may use (a round is three tries; a retake starts one);
 * past them the session fails `liveness_attempts_exhausted` (default 3).
 */
export const livenessMaxRoundsSchema = z.number().int().min(LIVENESS_ROUNDS_MIN).max(LIVENESS_ROUNDS_MAX);

/** The hosted flows' language when the link has no `?lang=` (before the browser's languages). */
export const defaultLanguageSchema = z.enum(SUPPORTED_LANGUAGES);

/** Minimum age in years on the document's date of birth (risk signal `minimum_age`). */
export const minimumAgeSchema = z.number().int().min(1).max(120);
/** Days image-free face embeddings are kept past the media, for repeat detection only. */
export const embeddingRetentionDaysSchema = z.number().int().min(0).max(3650);
/** Hours a case may wait for a specialist before it is overdue (1 hour to 30 days). */
export const reviewSlaHoursSchema = z.number().int().min(1).max(720);

/** Who decides a live key's sessions: the automatic checks (with review when unsure) or always a specialist. */
export const decisionsModeSchema = z.enum(['auto', 'review']);

/** `POST /api/admin/keys`. Unknown fields are ignored. */
export const createKeyBodySchema = z.object({
  mode: keyModeSchema,
  name: z.string().trim().max(NAME_MAX).optional(),
  eventsUrl: webhookUrlSchema.optional(),
  decisionUrl: webhookUrlSchema.optional(),
  origins: originsSchema.optional(),
  branding: brandingSchema.optional(),
  /** Offer a file picker for the selfie (default false): such sessions are not live. */
  selfieUpload: z.boolean().optional(),
  /** Live sessions: `auto` (default) decided by the automatic checks, `review` always by a specialist. */
  decisions: decisionsModeSchema.optional(),
  /** Days media are kept after a final state (0–3650; default: the server's MEDIA_RETENTION_DAYS). */
  retentionDays: retentionDaysSchema.optional(),
  /** Liveness capture rounds per session (1–10, three tries each; default 3). */
  livenessMaxRounds: livenessMaxRoundsSchema.optional(),
  /** Language of the hosted flows when the link has no `?lang=` (default: the browser's). */
  defaultLanguage: defaultLanguageSchema.optional(),
  /** Risk signal → `none` | `review` | `decline`, only those that differ from the defaults. */
  riskRules: riskRulesSchema.optional(),
  minimumAge: minimumAgeSchema.optional(),
  embeddingRetentionDays: embeddingRetentionDaysSchema.optional(),
  /** Ongoing screening (default false): the key's screened subjects are screened again after every list import. */
  amlMonitoring: z.boolean().optional(),
  /** Review time in hours (default 24): a waiting case shows its due date and is overdue after it. */
  reviewSlaHours: reviewSlaHoursSchema.optional(),
  /** The customer organisation that owns the key (default `org_default`). */
  orgId: z.string().min(1).max(64).optional(),
});
export type CreateKeyBody = z.input<typeof createKeyBodySchema>;

/** `PATCH /api/admin/keys/{id}`: absent = unchanged, null = cleared. Branding fields merge. */
export const updateKeyBodySchema = z.object({
  name: z.string().trim().max(NAME_MAX).nullable().optional(),
  eventsUrl: webhookUrlSchema.nullable().optional(),
  decisionUrl: webhookUrlSchema.nullable().optional(),
  origins: originsSchema.nullable().optional(),
  branding: brandingPatchSchema.nullable().optional(),
  selfieUpload: z.boolean().optional(),
  decisions: decisionsModeSchema.optional(),
  /** null: back to the server's default. */
  retentionDays: retentionDaysSchema.nullable().optional(),
  /** null: back to the default (3 rounds). */
  livenessMaxRounds: livenessMaxRoundsSchema.nullable().optional(),
  /** null: the browser's language. */
  defaultLanguage: defaultLanguageSchema.nullable().optional(),
  /** Merged signal by signal into the key's rules; null puts every signal back to its default. */
  riskRules: riskRulesSchema.nullable().optional(),
  /** null: no minimum age. */
  minimumAge: minimumAgeSchema.nullable().optional(),
  /** null: embeddings are erased with the media. */
  embeddingRetentionDays: embeddingRetentionDaysSchema.nullable().optional(),
  /** Ongoing screening after list imports (sanctions_hit / pep_hit, `*.aml_hit` events). */
  amlMonitoring: z.boolean().optional(),
  /** null: the default, 24 hours. */
  reviewSlaHours: reviewSlaHoursSchema.nullable().optional(),
});
export type UpdateKeyBody = z.input<typeof updateKeyBodySchema>;

/** A key as listed: never the key itself. */
export const adminKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: keyModeSchema,
  /** First characters of the key, e.g. `sk_test_AbCd…`. */
  hint: z.string(),
  eventsUrl: z.string().nullable(),
  decisionUrl: z.string().nullable(),
  origins: z.array(z.string()),
  branding: brandingSchema,
  /** The hosted flow offers a file picker for the selfie; such sessions are `not_live`. */
  selfieUpload: z.boolean(),
  decisions: decisionsModeSchema,
  /** Null: the server's MEDIA_RETENTION_DAYS applies. */
  retentionDays: z.number().int().nullable(),
  /** Liveness capture rounds per session (three tries each); null: the default, 3. */
  livenessMaxRounds: z.number().int().nullable().optional(),
  /** Null: the person's browser decides (after `?lang=`). */
  defaultLanguage: defaultLanguageSchema.nullable(),
  /** Every signal's action, defaults filled in (contract/risk-rules.ts). */
  riskRules: z.record(riskSignalSchema, riskActionSchema),
  minimumAge: z.number().int().nullable(),
  embeddingRetentionDays: z.number().int().nullable(),
  /** Ongoing screening after list imports. */
  amlMonitoring: z.boolean(),
  /** Review time in hours; null: the default, 24. */
  reviewSlaHours: z.number().int().nullable(),
  orgId: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type AdminKey = z.infer<typeof adminKeySchema>;

/** Answer of create: the key itself, shown this one time. */
export const createdKeySchema = adminKeySchema.extend({ apiKey: z.string() });
export type CreatedKey = z.infer<typeof createdKeySchema>;

export const adminMessages = {
  keyCreated: 'API key created',
  keysFetched: 'Fetched API keys',
  keyFetched: 'Fetched API key',
  keyUpdated: 'API key updated',
  keyRevoked: 'API key revoked',
  keyNotFound: 'API key not found',
  keyRevokedAlready: 'API key is revoked and cannot be changed',
} as const;

/** Admin lists: page ≥ 1; limit 1…ADMIN_PAGE_LIMIT_MAX, 50 by default (more than the customer API's 10). */
export const ADMIN_PAGE_LIMIT_DEFAULT = 50;
export const ADMIN_PAGE_LIMIT_MAX = 100;
/** Maximum `limit` of the webhook deliveries list. */
export const MAX_DELIVERIES_LIMIT = ADMIN_PAGE_LIMIT_MAX;

const adminPage = z.coerce.number().int().min(1).default(1);
const adminLimit = (max: number) => z.coerce.number().int().min(1).max(max).default(ADMIN_PAGE_LIMIT_DEFAULT);

/** `GET /api/admin/company-verifications`: every key's company verifications. */
export const adminCompanyListQuerySchema = z.object({
  status: companyStatusSchema.optional(),
  mode: keyModeSchema.optional(),
  page: adminPage,
  limit: adminLimit(ADMIN_PAGE_LIMIT_MAX),
});
export type AdminCompanyListQuery = z.output<typeof adminCompanyListQuerySchema>;

/** `GET /api/admin/reviews`: live individual sessions waiting for a specialist. */
export const adminReviewListQuerySchema = z.object({ page: adminPage, limit: adminLimit(ADMIN_PAGE_LIMIT_MAX) });
export type AdminReviewListQuery = z.output<typeof adminReviewListQuerySchema>;

export const deliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** `GET /api/admin/webhooks`: the outbox, newest first. */
export const adminDeliveryListQuerySchema = z.object({
  keyId: z.string().min(1).max(100).optional(),
  state: deliveryStateSchema.optional(),
  /** One case's events: a verificationId, or a company's public `cv_` id (or its internal id). */
  caseId: z.string().trim().min(1).max(100).optional(),
  limit: adminLimit(MAX_DELIVERIES_LIMIT),
  page: adminPage,
});
export type AdminDeliveryListQuery = z.output<typeof adminDeliveryListQuerySchema>;

/** One line of the operator's company list (`idv company list`): enough to pick what to review. */
export const companyListItemSchema = z.object({
  id: z.string(),
  verificationId: z.string(),
  status: companyStatusSchema,
  statusCode: z.number().int(),
  keyId: z.string(),
  mode: keyModeSchema,
  vendorData: z.string(),
  campaignId: z.string(),
  campaignVersion: z.number().int(),
  legalName: z.string(),
  countryOfRegistration: z.string(),
  reviewFlags: z.array(z.string()),
  provisioningReady: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyListItem = z.output<typeof companyListItemSchema>;

/** One HTTP attempt of a webhook event. */
export const deliveryAttemptSchema = z.object({
  url: z.string(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  ok: z.boolean(),
});
export type DeliveryAttempt = z.output<typeof deliveryAttemptSchema>;

/** One outbox event as the admin API shows it. */
export const deliverySchema = z.object({
  id: z.string(),
  keyId: z.string(),
  event: z.string(),
  destination: destinationSchema,
  subjectId: z.string().nullable(),
  state: deliveryStateSchema,
  attempts: z.number().int().describe('Attempts recorded for this event (all of them, also before a redelivery)'),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.unknown().describe('The exact JSON body sent (and signed) on every attempt; for a dashboard role that may not read cases, only its non-personal fields ({event, data, omitted})'),
  /** True when `payload` is the redacted view (no docInfo, no media links, no names): dashboard roles without review. */
  payloadRedacted: z.boolean(),
  attemptLog: z.array(deliveryAttemptSchema),
});
export type Delivery = z.output<typeof deliverySchema>;

/** `POST /api/admin/keys/{keyId}/test-webhook`: one queued event per configured URL. */
export const testEventSchema = z.object({ id: z.string(), destination: destinationSchema, url: z.string() });
export type TestEvent = z.output<typeof testEventSchema>;
export const testEventsSchema = z.object({ events: z.array(testEventSchema) });
export type TestEvents = z.output<typeof testEventsSchema>;

/** One session waiting for a specialist (`GET /api/admin/reviews`, oldest submission first). */
export const reviewItemSchema = z.object({
  verificationId: z.string(),
  keyId: z.string(),
  vendorData: z.string(),
  docType: z.string().nullable(),
  issuingState: z.string().nullable(),
  resubmissions: z.number().int(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The automatic checks' scores and why the session waits for a specialist (null: none ran). */
  checks: automaticChecksSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
