import { checkedData, type JsonSchema } from './json-check';
import schemas from './wire-schemas.json';

export type WireSchemaName = 'sessionEnvelope' | 'challengeEnvelope' | 'errorEnvelope' | 'hostedErrorCode';
export const wireSchemas = schemas as Record<WireSchemaName, JsonSchema>;

/** The envelope's `data` when `json` is a valid success envelope of that kind, else null. */
export function checked<T>(name: 'sessionEnvelope' | 'challengeEnvelope', json: unknown): T | null {
  return checkedData<T>(wireSchemas[name], json);
}
