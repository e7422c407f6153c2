import { z } from 'zod';
import { URL_MAX, httpUrlSchema } from './common';

/**
 * Admin API for API keys (used by the `idv` command). Keys are shown in full once, on create;
 * every other answer carries only the `hint` (prefix) of the key.
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
 * An exact web origin (scheme, host, optional port), e.g. `https://shop.example`: the hosted flow
 * compares it with the embedding page's origin. A trailing `/` is tolerated and normalised away;
 * paths, queries, fragments and credentials are refused because an origin has none.
 */
export const originSchema = z.string().max(URL_MAX).transform((v, ctx) => {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be an origin like https://shop.example' });
    return z.NEVER;
  }
  const bare = (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
    && u.pathname === '/' && !u.search && !u.hash && !v.includes('?') && !v.includes('#')
    && /^[a-z]+:\/\/[^/]+\/?$/i.test(v);
  if (!bare) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin like https://shop.example (no path, query or credentials)' });
    return z.NEVER;
  }
  return u.origin;
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

/** `POST /api/admin/keys`. Unknown fields are ignored. */
export const createKeyBodySchema = z.object({
  mode: keyModeSchema,
  name: z.string().trim().max(NAME_MAX).optional(),
  eventsUrl: webhookUrlSchema.optional(),
  decisionUrl: webhookUrlSchema.optional(),
  origins: originsSchema.optional(),
  branding: brandingSchema.optional(),
});
export type CreateKeyBody = z.input<typeof createKeyBodySchema>;

/** `PATCH /api/admin/keys/{id}`: absent = unchanged, null = cleared. Branding fields merge. */
export const updateKeyBodySchema = z.object({
  name: z.string().trim().max(NAME_MAX).nullable().optional(),
  eventsUrl: webhookUrlSchema.nullable().optional(),
  decisionUrl: webhookUrlSchema.nullable().optional(),
  origins: originsSchema.nullable().optional(),
  branding: brandingPatchSchema.nullable().optional(),
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
