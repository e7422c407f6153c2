import { z } from 'zod';
import {
  adminCompanyListQuerySchema, adminDeliveryListQuerySchema, adminReviewListQuerySchema, createKeyBodySchema, keyModeSchema,
  updateKeyBodySchema,
} from '../../contract/admin';
import { createCampaignBodySchema } from '../../contract/campaign';
import { companyDecisionBodySchema } from '../../contract/hosted-company';
import { reviewDecisionBodySchema } from '../../contract/hosted-individual';
import { queryParameters, toSchema } from './json-schema';
import { json, jsonBody, ok, pathParam, ref, responseRef, security, TAGS, type Json, type Operation, type Paths } from './operations';
import { adminErrors } from './responses';
import { adminScreeningPaths } from './paths-screening';

const tags = [TAGS.admin];
type OpParts = Json & { responses: Record<string, Json> };
const op = (summary: string, rest: OpParts): Operation => ({
  summary, tags, security: security.admin, ...rest, responses: { ...rest.responses, ...adminErrors() },
});
const invalid = { description: 'Invalid body or query (`error.issues`)', content: json(ref('Error')) };
const notFound = responseRef('AdminNotFound');
const list = (item: string) => ({ type: 'array', items: ref(item) });

function keyPaths(): Paths {
  const id = pathParam('id', 'Key id');
  return {
    '/admin/keys': {
      post: op('Create an API key (the key itself is shown this once)', {
        requestBody: jsonBody(createKeyBodySchema), responses: { 200: ok('API key created', ref('CreatedKey')), 400: invalid },
      }),
      get: op('List API keys (hints only)', { responses: { 200: ok('Fetched API keys', list('AdminKey')) } }),
    },
    '/admin/keys/{id}': {
      get: op('Show an API key', { parameters: [id], responses: { 200: ok('Fetched API key', ref('AdminKey')), 404: notFound } }),
      patch: op('Update a key (absent = unchanged, null = cleared)', {
        parameters: [id], requestBody: jsonBody(updateKeyBodySchema),
        responses: { 200: ok('API key updated', ref('AdminKey')), 400: invalid, 404: notFound, 409: { description: 'The key is revoked', content: json(ref('Error')) } },
      }),
    },
    '/admin/keys/{id}/revoke': {
      post: op('Revoke a key', { parameters: [id], responses: { 200: ok('API key revoked', ref('AdminKey')), 404: notFound } }),
    },
    '/admin/keys/{keyId}/test-webhook': {
      post: op('Queue a signed `webhook.test` event to each configured URL of the key', {
        parameters: [pathParam('keyId', 'Key id')],
        responses: { 200: ok('Test webhook events queued', ref('TestEvents')), 400: { description: 'The key has no webhook URLs', content: json(ref('Error')) }, 404: notFound },
      }),
    },
  };
}

function webhookAndReviewPaths(): Paths {
  return {
    '/admin/webhooks': {
      get: op('Webhook deliveries, newest first, with every attempt', {
        parameters: queryParameters(adminDeliveryListQuerySchema),
        responses: { 200: ok('Fetched webhook deliveries', list('WebhookDelivery'), true), 400: invalid },
      }),
    },
    '/admin/webhooks/{eventId}/redeliver': {
      post: op('Queue the same event (same id and bytes) again and restart its schedule', {
        parameters: [pathParam('eventId', 'Event id (Webhook-Id)')],
        responses: { 200: ok('Webhook event queued for redelivery', toSchema(z.object({ id: z.string() }))), 404: notFound },
      }),
    },
    '/admin/reviews': {
      get: op('Live sessions waiting for a specialist, oldest submission first', {
        parameters: queryParameters(adminReviewListQuerySchema),
        responses: { 200: ok('Fetched reviews', list('ReviewItem'), true), 400: invalid },
      }),
    },
    '/admin/reviews/{id}/decide': {
      post: op('Decide a session in review: successful, failed or resubmit', {
        parameters: [pathParam('id', 'The verificationId')], requestBody: jsonBody(reviewDecisionBodySchema),
        responses: {
          200: ok('Review decided', ref('IndividualRecord')), 400: invalid, 404: notFound,
          409: { description: 'The session is not waiting for review (`not_in_review`)', content: json(ref('Error')) },
        },
      }),
    },
  };
}

function companyAndCampaignPaths(): Paths {
  const id = pathParam('id', 'Internal id or public `cv_…` id');
  const moved = { description: 'Invalid body, or the move is not allowed from the current status (`invalid_transition`)', content: json(ref('Error')) };
  const campaignId = pathParam('id', 'Campaign id');
  return {
    '/admin/company-verifications': {
      get: op('Company verifications of every key, most recently updated first', {
        parameters: queryParameters(adminCompanyListQuerySchema),
        responses: { 200: ok('Fetched company verifications', list('CompanyListItem'), true), 400: invalid },
      }),
    },
    '/admin/company-verifications/{id}': {
      get: op('One company verification, with its key id and mode', {
        parameters: [id],
        responses: {
          200: ok('Fetched Single company verification', { allOf: [ref('CompanyRecord'), toSchema(z.object({ keyId: z.string(), mode: keyModeSchema }))] }),
          404: notFound,
        },
      }),
    },
    '/admin/company-verifications/{id}/review': {
      post: op('Move to `under review`', { parameters: [id], responses: { 200: ok('Company verification is under review', ref('CompanyListItem')), 400: moved, 404: notFound } }),
    },
    '/admin/company-verifications/{id}/decide': {
      post: op('Decide: successful or failed', {
        parameters: [id], requestBody: jsonBody(companyDecisionBodySchema),
        responses: { 200: ok('Company verification successful / failed', ref('CompanyListItem')), 400: moved, 404: notFound },
      }),
    },
    '/admin/campaigns': {
      get: op('List campaigns', { responses: { 200: ok('Fetched campaigns', list('CampaignSummary')) } }),
      post: op('Create a campaign (without `id`: a new random id; the operator may also choose one), or add a draft version to it', {
        requestBody: jsonBody(createCampaignBodySchema),
        responses: { 200: ok('Campaign created with a draft version / Draft version added', ref('CampaignDetail')), 400: invalid },
      }),
    },
    '/admin/campaigns/{id}': {
      get: op('A campaign with every version', { parameters: [campaignId], responses: { 200: ok('Fetched campaign', ref('CampaignDetail')), 404: notFound } }),
    },
    '/admin/campaigns/{id}/publish': {
      post: op('Publish the newest draft version', {
        parameters: [campaignId],
        responses: {
          200: ok('Campaign published', toSchema(z.object({ id: z.string(), publishedVersion: z.number().int() }))),
          400: { description: 'No draft version to publish (`no_draft`)', content: json(ref('Error')) }, 404: notFound,
        },
      }),
    },
  };
}

/** Operator API (`idv` command): `Authorization: Bearer <admin token>` on every operation. */
export function adminPaths(): Paths {
  return { ...keyPaths(), ...webhookAndReviewPaths(), ...companyAndCampaignPaths(), ...adminScreeningPaths(op) };
}
