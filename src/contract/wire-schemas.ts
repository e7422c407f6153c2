// The hosted API's answers that the browser checks before its first screen, as JSON Schema
// generated from the contract's zod schemas. The app checks them with a few-line validator
// (src/web/api/json-check.ts) instead of loading zod (~25 KB gzip) first;
// `npm run gen:wire-schemas` writes them, a test fails when the committed file is stale.
import { z } from 'zod';
import { errorEnvelopeSchema, successEnvelopeSchema } from './envelope';
import { hostedCompanySessionSchema } from './hosted-company';
import { hostedErrorCodeSchema, hostedSessionSchema } from './hosted-individual';
import { livenessChallengeSchema } from './liveness-session';

const json = (schema: z.ZodType) => {
  // Refinements (a phone number's digits, a total of shares) have no JSON Schema form and are
  // left to the server, which checked them when the values were saved.
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return rest;
};

export function wireSchemas() {
  return {
    sessionEnvelope: json(successEnvelopeSchema(hostedSessionSchema)),
    challengeEnvelope: json(successEnvelopeSchema(livenessChallengeSchema)),
    errorEnvelope: json(errorEnvelopeSchema),
    hostedErrorCode: json(hostedErrorCodeSchema),
  };
}

/** The company flow's first answer (its own file, so the individual flow does not carry it). */
export function companyWireSchemas() {
  return { sessionEnvelope: json(successEnvelopeSchema(hostedCompanySessionSchema)) };
}
