import { z } from 'zod';

/** zod → JSON Schema (2020-12, as OpenAPI 3.1 uses) for request (input) or response (output) shapes. */
export function toSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

export function envelopeOf(data: Record<string, unknown> | null, withMeta = false): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    status: { type: 'boolean', const: true },
    message: { type: 'string' },
    code: { type: 'integer', const: 200 },
  };
  if (data) properties.data = data;
  if (withMeta) properties.meta = { $ref: '#/components/schemas/PaginationMeta' };
  return { type: 'object', required: Object.keys(properties), properties };
}
