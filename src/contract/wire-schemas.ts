// The hosted API's answers that the browser checks before its first screen, as JSON Schema
// generated from the contract's zod schemas. The app checks them with a few-line validator
// (src/web/api/json-check.ts) instead of loading zod (~25 KB gzip) first;
// `npm run gen:wire-schemas` writes them, a test fails when the committed file is stale.
import { z } from 'zod';
import { errorEnvelopeSchema, successEnvelopeSchema } from './envelope';
import { hostedErrorCodeSchema, hostedSessionSchema } from './hosted-individual';
import { livenessChallengeSchema } from './liveness-session';

export function wireSchemas() {
  const json = (schema: z.ZodType) => {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output' });
    return rest;
  };
  return {
    sessionEnvelope: json(successEnvelopeSchema(hostedSessionSchema)),
    challengeEnvelope: json(successEnvelopeSchema(livenessChallengeSchema)),
    errorEnvelope: json(errorEnvelopeSchema),
    hostedErrorCode: json(hostedErrorCodeSchema),
  };
}
