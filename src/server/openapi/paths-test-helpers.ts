import { z } from 'zod';
import { companyDecisionBodySchema } from '../../contract/hosted-company';
import { testOutcomeBodySchema } from '../../contract/hosted-individual';
import { toSchema } from './json-schema';
import { jsonBody, ok, pathParam, ref, security, TAGS, type Paths } from './operations';
import { customerErrors } from './responses';

const tags = [TAGS.testHelpers];
const note = 'Test keys only: a live key gets 400 with `error.code` `test_key_required`. The key\'s own verifications only.';

/** Customer test helpers under /v1/test (x-api-key of a test key). */
export function testHelperPaths(): Paths {
  const op = (summary: string, id: string, rest: Record<string, unknown>, withBody = false) => ({
    summary, description: note, tags, security: security.apiKey, parameters: [pathParam('id', id)], ...rest,
    responses: { ...(rest.responses as object), ...customerErrors(withBody) },
  });
  const individualId = 'The verificationId';
  const companyId = 'The public `cv_…` id or the internal id';
  const outcome = z.object({ applied: z.boolean(), outcome: testOutcomeBodySchema.shape.outcome });
  return {
    '/v1/test/verifications/{id}/outcome': {
      post: op('Force the outcome of a test session (applied now if submitted and undecided, else at submit)', individualId, {
        requestBody: jsonBody(testOutcomeBodySchema),
        responses: {
          200: ok('Outcome applied / Outcome stored; applied at submit', {
            allOf: [toSchema(outcome), { type: 'object', required: ['verification'], properties: { verification: ref('IndividualRecord') } }],
          }),
        },
      }, true),
    },
    '/v1/test/verifications/{id}/expire': {
      post: op('End a test session\'s lifetime now (as if 7 days had passed)', individualId, {
        responses: { 200: ok('Verification expired', ref('IndividualRecord')) },
      }),
    },
    '/v1/test/company-verifications/{id}/review': {
      post: op('Move a test company verification to `under review`', companyId, {
        responses: { 200: ok('Company verification is under review', ref('CompanyRecord')) },
      }),
    },
    '/v1/test/company-verifications/{id}/decide': {
      post: op('Decide a test company verification (successful or failed)', companyId, {
        requestBody: jsonBody(companyDecisionBodySchema),
        responses: { 200: ok('Company verification successful / failed', ref('CompanyRecord')) },
      }, true),
    },
  };
}
