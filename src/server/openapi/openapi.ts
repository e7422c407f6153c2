import { listVersionSchema, screeningHitSchema, screeningListSchema } from '../../contract/screening';
import { riskListEntrySchema } from '../../contract/risk-lists';
import { z } from 'zod';
import { adminKeySchema, companyListItemSchema, createdKeySchema, deliverySchema, testEventsSchema } from '../../contract/admin';
import { campaignDetailSchema, campaignSummarySchema } from '../../contract/campaign';
import { createCompanyResponseSchema, companyRecordSchema } from '../../contract/company';
import { errorEnvelopeSchema, paginationMetaSchema } from '../../contract/envelope';
import { companyPayloadSchema, individualDecisionPayloadSchema, individualProgressPayloadSchema } from '../../contract/events';
import {
  hostedCompanyErrorCodeSchema, hostedCompanySessionSchema, HOSTED_TOKEN_HEADER, livenessSelfieResponseSchema,
  saveDraftResponseSchema, startLivenessResponseSchema, submitCompanyResponseSchema, uploadedDocumentSchema,
} from '../../contract/hosted-company';
import { hostedErrorCodeSchema, hostedSessionSchema } from '../../contract/hosted-individual';
import { reviewItemSchema } from '../../contract/admin';
import { createIndividualResponseSchema, individualRecordSchema, individualSummarySchema } from '../../contract/individual';
import { toSchema } from './json-schema';
import { responseRef, TAGS, type Paths } from './operations';
import { adminPaths } from './paths-admin';
import { collectedPaths } from './paths-collected';
import { accountAdminPaths, dashboardPaths } from './paths-dashboard';
import { createdMemberSchema, memberSchema, meSchema, orgSchema } from '../../contract/accounts';
import { factorSchema, pendingSignInSchema, recoveryCodesSchema, securitySchema, totpEnrolmentSchema } from '../../contract/accounts-second-factor';
import { auditEntrySchema, dashboardListSchema } from '../../contract/dashboard';
import { automaticChecksSchema } from '../../contract/automatic-checks';
import { customerPaths } from './paths-customer';
import { hostedPaths } from './paths-hosted';
import { servicePaths } from './paths-service';
import { testHelperPaths } from './paths-test-helpers';
import { sharedResponses } from './responses';
import { livenessChallengeSchema } from '../../contract/liveness-session';
import { livenessResultSchema } from '../../contract/liveness';

const description = `Customer API v1 (\`x-api-key\`), the hosted-flow API the web app uses, customer test helpers and the operator (admin) API.
Webhooks are signed with Standard Webhooks (HMAC-SHA256 keyed by the API key).

Status codes beyond the spec's 400 and 401: 404 for a path that does not exist (and, on the hosted and admin APIs, an unknown id);
413 for a JSON body over 64 KiB (customer API: only with a valid API key, otherwise 401) or an upload over 10 MB;
415 for an upload of a type we do not take; 409 on the hosted and admin APIs when the state forbids the action;
500 for an unexpected error; 503 (\`database_unavailable\`, with Retry-After) while the database is out of reach. Every error uses the envelope (\`status\` false, \`message\`, \`error\`, \`data\` null, \`code\`).`;

/** An error envelope whose `error.code` is one of `codes`. */
const codedErrorSchema = (codes: z.ZodEnum) => errorEnvelopeSchema.extend({
  error: z.object({ code: codes }).catchall(z.unknown()),
});

const schemas = {
  Error: errorEnvelopeSchema,
  PaginationMeta: paginationMetaSchema,
  CreateIndividualResponse: createIndividualResponseSchema,
  IndividualRecord: individualRecordSchema,
  IndividualSummary: individualSummarySchema,
  CreateCompanyResponse: createCompanyResponseSchema,
  CompanyRecord: companyRecordSchema,
  HostedSession: hostedSessionSchema,
  HostedError: codedErrorSchema(hostedErrorCodeSchema),
  HostedCompanySession: hostedCompanySessionSchema,
  HostedCompanyError: codedErrorSchema(hostedCompanyErrorCodeSchema),
  SaveDraftResponse: saveDraftResponseSchema,
  UploadedDocument: uploadedDocumentSchema,
  StartLivenessResponse: startLivenessResponseSchema,
  LivenessSelfieResponse: livenessSelfieResponseSchema,
  LivenessChallenge: livenessChallengeSchema,
  LivenessResult: livenessResultSchema,
  SubmitCompanyResponse: submitCompanyResponseSchema,
  AdminKey: adminKeySchema,
  CreatedKey: createdKeySchema,
  TestEvents: testEventsSchema,
  WebhookDelivery: deliverySchema,
  ReviewItem: reviewItemSchema,
  CompanyListItem: companyListItemSchema,
  CampaignSummary: campaignSummarySchema,
  CampaignDetail: campaignDetailSchema,
  IndividualProgressEvent: individualProgressPayloadSchema,
  IndividualDecisionEvent: individualDecisionPayloadSchema,
  CompanyEvent: companyPayloadSchema,
  Org: orgSchema,
  CreatedMember: createdMemberSchema,
  Member: memberSchema,
  Me: meSchema,
  PendingSignIn: pendingSignInSchema,
  Security: securitySchema,
  Factor: factorSchema,
  TotpEnrolment: totpEnrolmentSchema,
  RecoveryCodes: recoveryCodesSchema,
  DashboardList: dashboardListSchema,
  AutomaticChecks: automaticChecksSchema,
  AuditEntry: auditEntrySchema,
  RiskListEntry: riskListEntrySchema,
  ScreeningList: screeningListSchema,
  ListVersion: listVersionSchema,
  ScreeningHit: screeningHitSchema,
} satisfies Record<string, z.ZodType>;

/** Operations that never touch the database (unhandled-error.ts answers 503 only for a lost database). */
const WITHOUT_DATABASE = new Set(['/health', '/livez', '/readyz', '/openapi.json', '/docs', '/docs.css']);

/** Every operation that uses the database can meet it restarting: 503 ServiceUnavailable. */
function withServiceUnavailable(paths: Paths): Paths {
  return Object.fromEntries(Object.entries(paths).map(([path, methods]) => [path, WITHOUT_DATABASE.has(path) ? methods
    : Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, { ...op, responses: { ...op.responses, 503: responseRef('ServiceUnavailable') } }]))]));
}

/** The OpenAPI 3.1 document, built from the same zod schemas the routes validate with. */
export function buildOpenApi(baseUrl: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Identity Verification Service API', version: '1.0.0', description },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    tags: [
      { name: TAGS.customer, description: 'Customer API v1 (the spec): x-api-key' },
      { name: TAGS.hosted, description: 'Used by the hosted web app: the processId is the capability; company links add x-hosted-token' },
      { name: TAGS.testHelpers, description: 'Customer test helpers: x-api-key of a test key' },
      { name: TAGS.admin, description: 'Operator API (the idv command): admin bearer token' },
      { name: TAGS.dashboard, description: 'Customer dashboard: member session cookie (sign-in below), x-csrf-token on changes' },
      { name: TAGS.service, description: 'Health, this document, signed media links: no authentication' },
    ],
    paths: withServiceUnavailable({ ...customerPaths(), ...collectedPaths(), ...accountAdminPaths(), ...dashboardPaths(), ...testHelperPaths(), ...hostedPaths(), ...adminPaths(), ...servicePaths() }),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Customer API key (sk_test_… or sk_live_…)' },
        hostedToken: { type: 'apiKey', in: 'header', name: HOSTED_TOKEN_HEADER, description: 'The hostedToken of the company link' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'Admin token (IDV_ADMIN_TOKEN or DATA_DIR/admin-token)' },
        memberSession: { type: 'apiKey', in: 'cookie', name: 'idv_session', description: 'Dashboard session cookie (`__Host-idv_session` on https); changes also need `x-csrf-token`' },
      },
      responses: sharedResponses,
      schemas: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, toSchema(s)])),
    },
  };
}
