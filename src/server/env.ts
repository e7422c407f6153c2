import { z } from 'zod';

const urlSetting = z.string().url().transform((u) => u.replace(/\/+$/, ''));

const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  PUBLIC_URL: urlSetting.optional(),
  HOSTED_URL: urlSetting.optional(),
  IDV_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  IDV_ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Lifetime of signed media URLs in the API (seconds). */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  /** Set to 0 to run without the webhook delivery worker (e.g. a web-only replica). */
  WEBHOOK_WORKER: z.enum(['0', '1']).default('1'),
  /** Allow webhook URLs on loopback/private addresses (tests and local development). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('1'),
});

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
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  mediaUrlTtlSeconds: number;
  webhookWorker: boolean;
  webhookAllowPrivate: boolean;
}

export class SettingsError extends Error {}

/** Reads and validates settings; throws SettingsError naming every bad value. */
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
    webhookWorker: s.WEBHOOK_WORKER === '1',
    webhookAllowPrivate: s.WEBHOOK_ALLOW_PRIVATE === '1',
  };
}
