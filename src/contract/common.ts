import { z } from 'zod';

/** Limits on caller-supplied data (documented in docs/operations.md and the OpenAPI document). */
export const VENDOR_DATA_MAX = 1000;
export const META_MAX_BYTES = 16 * 1024;
export const URL_MAX = 2048;
export const PAGE_LIMIT_DEFAULT = 10;
export const PAGE_LIMIT_MAX = 100;

export const vendorDataSchema = z.string().max(VENDOR_DATA_MAX);

/** `meta`: any JSON object whose serialised size stays under META_MAX_BYTES. */
export const metaSchema = z
  .record(z.string(), z.unknown())
  .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= META_MAX_BYTES, {
    message: `meta must serialise to at most ${META_MAX_BYTES} bytes`,
  });

export const httpUrlSchema = z
  .string()
  .max(URL_MAX)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, { message: 'must be an http(s) URL' });

/** Page/limit as query strings: integers, page ≥ 1, 1 ≤ limit ≤ PAGE_LIMIT_MAX. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});

export const isoDateTime = z.string().describe('ISO 8601 date-time');
/** `YYYY-MM-DD` or empty string where unknown. */
export const dateOrEmpty = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);

/** ISO 3166-1 alpha-3 country code, upper case. */
export const alpha3Schema = z.string().regex(/^[A-Z]{3}$/, { message: 'must be a 3-letter country code' });
