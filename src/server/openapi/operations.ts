import type { z } from 'zod';
import { envelopeOf, toSchema } from './json-schema';

/** Building blocks of the OpenAPI operations (plain JSON, OpenAPI 3.1). */
export type Json = Record<string, unknown>;
export type Operation = Json & { tags: string[]; responses: Record<string, Json> };
/** OpenAPI path → method → operation. */
export type Paths = Record<string, Record<string, Operation>>;

export const TAGS = {
  customer: 'customer',
  hosted: 'hosted',
  testHelpers: 'test helpers',
  admin: 'admin',
  dashboard: 'dashboard',
  service: 'service',
} as const;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const json = (schema: unknown) => ({ 'application/json': { schema } });

/** A 200 with the success envelope around `data` (none for null), `meta` on lists. */
export const ok = (description: string, data: unknown, withMeta = false) => ({
  description, content: json(envelopeOf(data as Json | null, withMeta)),
});

export const jsonBody = (schema: z.ZodType) => ({ required: true, content: json(toSchema(schema, 'input')) });

/** A raw upload body: the bytes of one file, with the media types the server accepts. */
export const binaryBody = (types: readonly string[], description: string) => ({
  required: true, description,
  content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
});

export const pathParam = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name, in: 'path', required: true, description, schema,
});

/** An error envelope whose `error.code` is one of `codes` (hosted APIs). */
export const codedError = (description: string, schemaName: string) => ({ description, content: json(ref(schemaName)) });

/** Security requirements of each group (names of components.securitySchemes). */
export const security = {
  apiKey: [{ apiKey: [] }],
  hostedToken: [{ hostedToken: [] }],
  admin: [{ adminToken: [] }],
  member: [{ memberSession: [] }],
  none: [],
} as const;
