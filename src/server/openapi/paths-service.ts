import { z } from 'zod';
import { toSchema } from './json-schema';
import { json, ok, pathParam, security, TAGS, type Paths } from './operations';

const tags = [TAGS.service];
const text = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' } } } });

/** Unauthenticated service endpoints: health, this document, and signed media links. */
export function servicePaths(): Paths {
  return {
    '/health': {
      get: { summary: 'Health and database kind', tags, security: security.none,
        responses: { 200: ok('ok', toSchema(z.object({ db: z.enum(['pglite', 'postgres']) }))) } },
    },
    '/livez': {
      get: { summary: 'Liveness probe: the process answers (no dependency checked); also served at /livez', tags, security: security.none,
        responses: { 200: ok('live', toSchema(z.object({ uptimeSeconds: z.number().int() }))) } },
    },
    '/readyz': {
      get: {
        summary: 'Readiness probe: database, media storage, decision models, not stopping; also served at /readyz',
        description: 'Not in the spec (operations). 503 while anything is not ready: `error.code` is `not_ready`, '
          + '`error.missing` lists the failing checks (`database`, `storage`, `models`, `shutdown`) and `error.checks` '
          + 'says what each answered. A process that runs no decisions reports its models as `not-needed`.',
        tags, security: security.none,
        responses: {
          200: ok('ready', toSchema(z.object({ checks: z.record(z.string(), z.string()) }))),
          503: { description: 'Not ready: what is missing', content: json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
    '/openapi.json': {
      get: { summary: 'This OpenAPI document', tags, security: security.none,
        responses: { 200: { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } } },
    },
    '/docs': {
      get: { summary: 'This document, readable', tags, security: security.none, responses: { 200: text('text/html', 'HTML page') } },
    },
    '/docs.css': {
      get: { summary: 'Style sheet of /docs', tags, security: security.none, responses: { 200: text('text/css', 'CSS') } },
    },
    '/media/{key}': {
      get: {
        summary: 'Stored media behind a signed, expiring link (as found in records and decision webhooks)',
        description: 'The whole URL is made by the server; `key` may contain `/`. Records carry links valid for '
          + 'MEDIA_URL_TTL_SECONDS, decision webhooks links valid for WEBHOOK_MEDIA_URL_TTL_SECONDS. A bad or '
          + 'expired signature and an unknown key are the same 404.',
        tags, security: security.none,
        parameters: [
          pathParam('key', 'Storage key'),
          { name: 'exp', in: 'query', required: true, schema: { type: 'string', pattern: '^\\d{1,12}$' }, description: 'Expiry, unix seconds' },
          { name: 'sig', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' }, description: 'Signature' },
        ],
        responses: {
          200: {
            description: 'The bytes, typed by their content (images inline, documents as attachments)',
            content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'application/octet-stream']
              .map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
          },
          404: { description: 'Not in the spec: bad or expired signature, or unknown key', content: json({ $ref: '#/components/schemas/Error' }) },
        },
      },
    },
  };
}
