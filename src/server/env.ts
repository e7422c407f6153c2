import { z } from 'zod';
import { parseRateRule, type RateRule } from './limits/rate-limiter';
import { parseS3Url } from './media/s3-url';

/**
 * Settings are environment variables, all validated before anything starts. Every message says
 * what is expected; the offending value is echoed only for settings that are not secrets.
 */

const DAY_S = 24 * 3600;
/** The webhook retry schedule spans about 27.5 h (30.3 h with jitter): URLs in payloads must outlive it. */
export const WEBHOOK_MEDIA_URL_TTL_DEFAULT_S = 3 * DAY_S;

const shown = (v: unknown) => JSON.stringify(v);

/** Digits only (no sign, spaces, units or exponent), then a range check. */
function integerSetting(min: number, max: number, unit = '') {
  const expected = `an integer from ${min} to ${max}${unit}, written in digits`;
  return z.string().transform((v, ctx) => {
    const n = /^\d{1,15}$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({ code: 'custom', message: `must be ${expected} (got ${shown(v)})` });
      return z.NEVER;
    }
    return n;
  });
}

/** An absolute http(s) URL without credentials, query or fragment; trailing slashes removed. */
const urlSetting = z.string().transform((v, ctx) => {
  const expected = 'an absolute http(s) URL without credentials, query or fragment, e.g. https://idv.example.com';
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch { /* reported below */ }
  const good = u !== null && (u.protocol === 'http:' || u.protocol === 'https:') && /^https?:\/\/[^/?#\s]/i.test(v)
    && !u.username && !u.password && !v.includes('?') && !v.includes('#') && !/\s/.test(v);
  if (!good) {
    // A URL with credentials in it is not echoed back.
    ctx.addIssue({ code: 'custom', message: `must be ${expected}${v.includes('@') ? '' : ` (got ${shown(v)})`}` });
    return z.NEVER;
  }
  return `${u!.origin}${u!.pathname}`.replace(/\/+$/, '');
});

/**
 * Where e-mail goes: `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it) or
 * `smtps://…` (TLS from the start). Credentials may be in it, so the value is never echoed.
 */
const smtpUrlSetting = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && Boolean(u.hostname) && !u.search && !u.hash;
  } catch { return false; }
}, { message: 'must be smtp://[user:password@]host[:port] or smtps://… (value not shown)' });

/** Secrets are never echoed back, not even in an error. */
/** IDV_SECRET, IDV_ADMIN_TOKEN and the generated secret files alike (bootstrap.ts). */
export const SECRET_MIN_LENGTH = 32;
const secretSetting = z.string().min(SECRET_MIN_LENGTH, { message: `must be at least ${SECRET_MIN_LENGTH} characters (value not shown)` });

const flagSetting = (name: string) => z.string().refine((v) => v === '0' || v === '1', {
  message: `must be 0 or 1 (${name})`,
});

/** `N/S`: at most N requests per S seconds (S up to a day), or `0` for no limit. */
const rateSetting = z.string().transform((v, ctx) => {
  const rule = parseRateRule(v);
  if (rule === 'invalid') {
    ctx.addIssue({ code: 'custom', message: `must be N/S (at most N requests per S seconds, S up to 86400) or 0 for no limit (got ${shown(v)})` });
    return z.NEVER;
  }
  return rule;
});

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;

const settingsSchema = z.object({
  PORT: integerSetting(1, 65535).default(8080),
  HOST: z.string().regex(/^\S+$/, { message: 'must be a host name or IP address without spaces' }).default('0.0.0.0'),
  DATA_DIR: z.string().regex(/\S/, { message: 'must be a directory path' }).default('./data'),
  DATABASE_URL: z.string().refine((v) => {
    if (!/^postgres(ql)?:\/\/\S+$/.test(v)) return false;
    try {
      return Boolean(new URL(v));
    } catch {
      return false;
    }
  }, { message: 'must be a postgres:// or postgresql:// connection URL (value not shown: it may hold a password)' }).optional(),
  PUBLIC_URL: urlSetting.optional(),
  HOSTED_URL: urlSetting.optional(),
  IDV_SECRET: secretSetting.optional(),
  IDV_ADMIN_TOKEN: secretSetting.optional(),
  LOG_LEVEL: z.string().transform((v, ctx) => {
    if ((logLevels as readonly string[]).includes(v)) return v as (typeof logLevels)[number];
    ctx.addIssue({ code: 'custom', message: `must be one of ${logLevels.join(', ')} (got ${shown(v)})` });
    return z.NEVER;
  }).default('info'),
  /** Lifetime of signed media URLs in records and API answers (seconds, 1 min to 7 days). */
  MEDIA_URL_TTL_SECONDS: integerSetting(60, 7 * DAY_S, ' seconds').default(3600),
  /** Lifetime of signed media URLs inside webhook payloads (seconds, 1 min to 30 days). */
  WEBHOOK_MEDIA_URL_TTL_SECONDS: integerSetting(60, 30 * DAY_S, ' seconds').default(WEBHOOK_MEDIA_URL_TTL_DEFAULT_S),
  /** Set to 0 to run without the webhook delivery worker (e.g. a web-only replica). */
  WEBHOOK_WORKER: flagSetting('1 runs the webhook delivery worker').default('1'),
  DECISION_WORKER: flagSetting('1 runs the automatic decision checks of live sessions').default('1'),
  /** Allow webhook URLs on loopback/private addresses (tests and local development). */
  WEBHOOK_ALLOW_PRIVATE: flagSetting('1 allows webhook URLs on private addresses').default('1'),
  /** Media in an S3-compatible bucket instead of DATA_DIR/media (AWS_* settings for the rest). */
  MEDIA_URL: z.string().refine((v) => parseS3Url(v) !== null, { message: 'must be s3://bucket or s3://bucket/prefix (a valid bucket name)' }).optional(),
  /** Days media are kept after a verification's final state (a key may set its own). */
  MEDIA_RETENTION_DAYS: integerSetting(0, 3650, ' days').default(30),
  /** Media encrypted at rest (AES-256-GCM); 0 only to measure what encryption costs. */
  MEDIA_ENCRYPTION: flagSetting('1 encrypts stored media; 0 writes new media in clear').default('1'),
  /** Behind a load balancer: the client address is the last X-Forwarded-For entry. */
  TRUST_PROXY: flagSetting('1 trusts the X-Forwarded-For header of a proxy in front').default('0'),
  /** Every hosted-flow request (pages' API calls), per client address. */
  RATE_LIMIT_HOSTED_PER_ADDRESS: rateSetting.prefault('600/60'),
  /** Uploads (captures, liveness, company documents), per verification. */
  RATE_LIMIT_UPLOADS_PER_SESSION: rateSetting.prefault('60/600'),
  /** Dashboard sign-in and set-password attempts, per client address (on top of the account lock). */
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: rateSetting.prefault('30/900'),
  /** The customer API, per API key: off unless set (e.g. 6000/60). */
  RATE_LIMIT_API_PER_KEY: rateSetting.prefault('0'),
  /** Bearer token of GET /metrics; unset, /metrics answers 404 (no metrics leave the process). */
  METRICS_TOKEN: secretSetting.optional(),
  /** After a stop signal, /readyz answers 503 this long before the listener closes (seconds). */
  SHUTDOWN_DELAY_SECONDS: integerSetting(0, 60, ' seconds').default(0),
  /** OpenTelemetry traces over OTLP/HTTP (telemetry/): the collector's base URL; /v1/traces is appended. Unset (and no traces endpoint): no tracing code loads. */
  OTEL_EXPORTER_OTLP_ENDPOINT: urlSetting.optional(),
  /** The full traces URL, used as it is; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: urlSetting.optional(),
  /** `service.name` of the spans. */
  OTEL_SERVICE_NAME: z.string().regex(/^[\x21-\x7e]{1,100}$/, { message: 'must be 1 to 100 printable characters without spaces' }).default('idv-hosted'),
  SMTP_URL: smtpUrlSetting.optional(),
  MAIL_FROM: z.string().regex(/^[^\r\n]{3,200}$/, { message: 'must be an address like "Acme ID <id@acme.example>" on one line' }).default('Identity verification <no-reply@localhost>'),
});

export interface RateLimits {
  hostedPerAddress: RateRule | null;
  uploadsPerSession: RateRule | null;
  signInPerAddress: RateRule | null;
  apiPerKey: RateRule | null;
}

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  baseUrl: string;
  hostedUrl: string;
  secret?: string;
  adminToken?: string;
  logLevel: (typeof logLevels)[number];
  mediaUrlTtlSeconds: number;
  webhookMediaUrlTtlSeconds: number;
  webhookWorker: boolean;
  /** Runs the decision runner (automatic checks of live sessions) in this process. */
  decisionWorker: boolean;
  webhookAllowPrivate: boolean;
  mediaEncryption: boolean;
  /** `s3://bucket/prefix`, or undefined for the local directory. */
  mediaUrl?: string;
  mediaRetentionDays: number;
  trustProxy: boolean;
  rateLimits: RateLimits;
  /** Bearer token of GET /metrics; undefined: /metrics is off. */
  metricsToken?: string;
  /** Seconds between a stop signal (readiness turns 503) and the listener closing. */
  shutdownDelaySeconds: number;
  /** Where spans are sent (OTLP/HTTP JSON); undefined: tracing is off and its code never loads. */
  otelTracesUrl?: string;
  otelServiceName: string;
  /** SMTP server for invitations and password resets; undefined: no e-mail is sent (links are copied). */
  smtpUrl?: string;
  mailFrom: string;
}

export class SettingsError extends Error {}

/** Reads and validates settings; throws SettingsError naming every bad value. Empty means unset. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = settingsSchema.safeParse(Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  ));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  const publicUrl = s.PUBLIC_URL ?? `http://localhost:${s.PORT}`;
  return {
    port: s.PORT,
    host: s.HOST,
    dataDir: s.DATA_DIR,
    databaseUrl: s.DATABASE_URL,
    publicUrl,
    baseUrl: `${publicUrl}/api`,
    hostedUrl: s.HOSTED_URL ?? publicUrl,
    secret: s.IDV_SECRET,
    adminToken: s.IDV_ADMIN_TOKEN,
    logLevel: s.LOG_LEVEL,
    mediaUrlTtlSeconds: s.MEDIA_URL_TTL_SECONDS,
    webhookMediaUrlTtlSeconds: s.WEBHOOK_MEDIA_URL_TTL_SECONDS,
    webhookWorker: s.WEBHOOK_WORKER === '1',
    decisionWorker: s.DECISION_WORKER === '1',
    webhookAllowPrivate: s.WEBHOOK_ALLOW_PRIVATE === '1',
    mediaEncryption: s.MEDIA_ENCRYPTION === '1',
    mediaUrl: s.MEDIA_URL,
    mediaRetentionDays: s.MEDIA_RETENTION_DAYS,
    trustProxy: s.TRUST_PROXY === '1',
    rateLimits: {
      hostedPerAddress: s.RATE_LIMIT_HOSTED_PER_ADDRESS,
      uploadsPerSession: s.RATE_LIMIT_UPLOADS_PER_SESSION,
      signInPerAddress: s.RATE_LIMIT_SIGN_IN_PER_ADDRESS,
      apiPerKey: s.RATE_LIMIT_API_PER_KEY,
    },
    metricsToken: s.METRICS_TOKEN,
    shutdownDelaySeconds: s.SHUTDOWN_DELAY_SECONDS,
    // The OTLP rule: the signal-specific endpoint is used as it is, the generic one gets /v1/traces.
    otelTracesUrl: s.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ?? (s.OTEL_EXPORTER_OTLP_ENDPOINT ? `${s.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` : undefined),
    otelServiceName: s.OTEL_SERVICE_NAME,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
  };
}
