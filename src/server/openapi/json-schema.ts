import { z } from 'zod';

type Json = Record<string, unknown>;

/** zod writes `.int()` as ±2^53-1 bounds; they say nothing to a reader, so they are dropped. */
function dropSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(dropSafeIntegerBounds);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
  if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
  Object.values(o).forEach(dropSafeIntegerBounds);
}

/** zod → JSON Schema (2020-12, as OpenAPI 3.1 uses) for request (input) or response (output) shapes. */
export function toSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete s.$schema;
  dropSafeIntegerBounds(s);
  return s;
}

/**
 * OpenAPI query parameters from the zod object the route parses its query with: one parameter
 * per key, required when the key has no default and is not optional.
 */
export function queryParameters(schema: z.ZodObject): Json[] {
  const s = toSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return {
      name, in: 'query', required: (s.required ?? []).includes(name), schema: rest,
      ...(description ? { description } : {}),
    };
  });
}

export function envelopeOf(data: Json | null, withMeta = false): Json {
  const properties: Json = {
    status: { type: 'boolean', const: true },
    message: { type: 'string' },
    code: { type: 'integer', const: 200 },
  };
  if (data) properties.data = data;
  if (withMeta) properties.meta = { $ref: '#/components/schemas/PaginationMeta' };
  return { type: 'object', required: Object.keys(properties), properties };
}
