import { companyListQuerySchema, createCompanyBodySchema } from '../../contract/company';
import { createIndividualBodySchema, individualListQuerySchema } from '../../contract/individual';
import { queryParameters } from './json-schema';
import { json, jsonBody, ok, pathParam, ref, security, TAGS, type Paths } from './operations';
import { customerErrors } from './responses';

const tags = [TAGS.customer];
const id = pathParam('id', 'The verificationId returned at creation');
const idempotency = {
  name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
  description: 'Replays the first response for the same body within 24 h; a different body gets 400.',
};

const notFinal = { description: 'Not in the spec: still in progress (`not_final`, with its `status`): cancel it or wait for the decision first', content: json(ref('Error')) };

/** Customer API v1 (spec), `x-api-key` on every operation. */
export function customerPaths(): Paths {
  const op = (summary: string, rest: Record<string, unknown>, withBody = false) => ({
    summary, tags, security: security.apiKey, ...rest,
    responses: { ...(rest.responses as object), ...customerErrors(withBody) },
  });
  return {
    '/v1/verifications': {
      post: op('Create an individual verification', {
        parameters: [idempotency], requestBody: jsonBody(createIndividualBodySchema),
        responses: { 200: ok('Created verification', ref('CreateIndividualResponse')) },
      }, true),
      get: op('List individual verifications (most recently updated first)', {
        parameters: queryParameters(individualListQuerySchema),
        responses: { 200: ok('Fetched verifications', { type: 'array', items: ref('IndividualRecord') }, true) },
      }),
    },
    '/v1/verifications/{id}': {
      get: op('Fetch one individual verification', {
        parameters: [id], responses: { 200: ok('Fetched Single verifications', ref('IndividualRecord')) },
      }),
      delete: op('Soft-delete an individual verification (its media files are erased at once)', {
        parameters: [id], responses: { 200: ok('Verification deleted', null) },
      }),
    },
    '/v1/verifications/{id}/redact': {
      post: op('Not in the spec: redact a finished verification: media and personal data erased, a skeleton kept (ids, vendorData, status, times, `redactedAt`); event `verification.redacted` follows; repeating answers the same skeleton', {
        parameters: [id], responses: { 200: ok('Verification redacted', ref('IndividualRecord')), 409: notFinal },
      }),
    },
    '/v1/verifications/{id}/cancel': {
      patch: op('Cancel an individual verification', {
        parameters: [id], responses: { 200: ok('Verification cancelled successfully', ref('IndividualSummary')) },
      }),
    },
    '/v1/company-verifications': {
      post: op('Create a company verification', {
        parameters: [idempotency], requestBody: jsonBody(createCompanyBodySchema),
        responses: { 200: ok('Created company verification', ref('CreateCompanyResponse')) },
      }, true),
      get: op('List company verifications (most recently updated first)', {
        parameters: queryParameters(companyListQuerySchema),
        responses: { 200: ok('Fetched company verifications', { type: 'array', items: ref('CompanyRecord') }, true) },
      }),
    },
    '/v1/company-verifications/{id}': {
      get: op('Fetch one company verification (public cv_ id or internal id)', {
        parameters: [pathParam('id', 'The public `cv_…` verificationId or the internal id')],
        responses: { 200: ok('Fetched Single company verification', ref('CompanyRecord')) },
      }),
    },
    '/v1/company-verifications/{id}/redact': {
      post: op('Not in the spec: redact a finished company verification: form answers, documents, profiles and analysis erased, the trail kept without details; event `company_verification.redacted` follows', {
        parameters: [pathParam('id', 'The public `cv_…` verificationId or the internal id')],
        responses: { 200: ok('Verification redacted', ref('CompanyRecord')), 409: notFinal },
      }),
    },
  };
}
