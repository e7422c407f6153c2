import { createCompanyBodySchema, createCompanyResponseSchema, companyRecordSchema } from '../../contract/company';
import { errorEnvelopeSchema, paginationMetaSchema } from '../../contract/envelope';
import { companyPayloadSchema, individualDecisionPayloadSchema, individualProgressPayloadSchema } from '../../contract/events';
import {
  createIndividualBodySchema, createIndividualResponseSchema, individualRecordSchema, individualSummarySchema,
} from '../../contract/individual';
import { chooseDocumentBodySchema, hostedSessionSchema } from '../../contract/hosted-individual';
import { PAGE_LIMIT_MAX, PAGE_LIMIT_DEFAULT } from '../../contract/common';
import { companyStatuses, individualStatuses } from '../../contract/statuses';
import { envelopeOf, toSchema } from './json-schema';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const ok = (description: string, data: unknown, withMeta = false) => ({
  description, content: json(envelopeOf(data as Record<string, unknown> | null, withMeta)),
});
const errors = {
  400: { description: 'Invalid payload, unknown or deleted identifier, or invalid state transition', content: json(ref('Error')) },
  401: { description: 'Missing or invalid API key', content: json(ref('Error')) },
};
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const pageParams = (statuses: readonly string[]) => [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT } },
  { name: 'status', in: 'query', schema: { type: 'string', enum: statuses } },
];
const idempotency = { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
  description: 'Replays the first response for the same body within 24 h; a different body gets 400.' };

/** The OpenAPI 3.1 document, built from the same zod schemas the routes validate with. */
export function buildOpenApi(baseUrl: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Identity Verification Service API', version: '1.0.0',
      description: 'Customer API v1 (x-api-key) and the hosted-flow API used by the web app. Webhooks are signed with Standard Webhooks (HMAC-SHA256 keyed by the API key).' },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    paths: {
      '/v1/verifications': {
        post: { summary: 'Create an individual verification', tags: ['Individual'], parameters: [idempotency],
          requestBody: { content: json(toSchema(createIndividualBodySchema, 'input')) },
          responses: { 200: ok('Created verification', ref('CreateIndividualResponse')), ...errors } },
        get: { summary: 'List individual verifications', tags: ['Individual'], parameters: pageParams(individualStatuses),
          responses: { 200: ok('Fetched verifications', { type: 'array', items: ref('IndividualRecord') }, true), ...errors } },
      },
      '/v1/verifications/{id}': {
        get: { summary: 'Fetch one individual verification', tags: ['Individual'], parameters: [idParam],
          responses: { 200: ok('Fetched Single verifications', ref('IndividualRecord')), ...errors } },
        delete: { summary: 'Soft-delete an individual verification', tags: ['Individual'], parameters: [idParam],
          responses: { 200: ok('Verification deleted', null), ...errors } },
      },
      '/v1/verifications/{id}/cancel': {
        patch: { summary: 'Cancel an individual verification', tags: ['Individual'], parameters: [idParam],
          responses: { 200: ok('Verification cancelled successfully', ref('IndividualSummary')), ...errors } },
      },
      '/v1/company-verifications': {
        post: { summary: 'Create a company verification', tags: ['Company'], parameters: [idempotency],
          requestBody: { content: json(toSchema(createCompanyBodySchema, 'input')) },
          responses: { 200: ok('Created company verification', ref('CreateCompanyResponse')), ...errors } },
        get: { summary: 'List company verifications (most recently updated first)', tags: ['Company'], parameters: pageParams(companyStatuses),
          responses: { 200: ok('Fetched company verifications', { type: 'array', items: ref('CompanyRecord') }, true), ...errors } },
      },
      '/v1/company-verifications/{id}': {
        get: { summary: 'Fetch one company verification (public cv_ id or internal id)', tags: ['Company'], parameters: [idParam],
          responses: { 200: ok('Fetched Single company verification', ref('CompanyRecord')), ...errors } },
      },
      '/v1/hosted/verifications/{processId}': {
        get: { summary: 'Hosted flow: session state', tags: ['Hosted'], security: [],
          parameters: [{ name: 'processId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: ok('Session', ref('HostedSession')), 404: { description: 'Unknown link' } } },
      },
      '/v1/hosted/verifications/{processId}/document': {
        put: { summary: 'Hosted flow: choose the document', tags: ['Hosted'], security: [],
          parameters: [{ name: 'processId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: json(toSchema(chooseDocumentBodySchema, 'input')) },
          responses: { 200: ok('Session', ref('HostedSession')) } },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: {
        Error: toSchema(errorEnvelopeSchema),
        PaginationMeta: toSchema(paginationMetaSchema),
        CreateIndividualResponse: toSchema(createIndividualResponseSchema),
        IndividualRecord: toSchema(individualRecordSchema),
        IndividualSummary: toSchema(individualSummarySchema),
        CreateCompanyResponse: toSchema(createCompanyResponseSchema),
        CompanyRecord: toSchema(companyRecordSchema),
        HostedSession: toSchema(hostedSessionSchema),
        IndividualProgressEvent: toSchema(individualProgressPayloadSchema),
        IndividualDecisionEvent: toSchema(individualDecisionPayloadSchema),
        CompanyEvent: toSchema(companyPayloadSchema),
      },
    },
  };
}
