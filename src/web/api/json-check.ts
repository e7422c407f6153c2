// A JSON Schema check for the subset of keywords zod's toJSONSchema writes for the hosted APIs'
// first answers (wire-schemas.json, company-wire-schemas.json). An unknown keyword throws, so a
// contract change that needs more than this fails the tests instead of passing unchecked.

export type JsonSchema = { [keyword: string]: unknown };

const IGNORED = new Set(['description', 'propertyNames', 'format', 'default']);

function typeOk(type: unknown, v: unknown): boolean {
  switch (type) {
    case 'string': return typeof v === 'string';
    case 'boolean': return typeof v === 'boolean';
    case 'null': return v === null;
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'integer': return Number.isSafeInteger(v);
    case 'array': return Array.isArray(v);
    case 'object': return typeof v === 'object' && v !== null && !Array.isArray(v);
    default: throw new Error(`json-check: type ${String(type)}`);
  }
}

/** The envelope's `data` when `json` is valid against `schema`, else null. */
export function checkedData<T>(schema: JsonSchema, json: unknown): T | null {
  return matches(schema, json) ? (json as { data: T }).data : null;
}

/** True when `v` is valid against `s`. */
export function matches(s: JsonSchema, v: unknown): boolean {
  for (const [k, rule] of Object.entries(s)) {
    const ok = (() => {
      switch (k) {
        case 'type': return Array.isArray(rule) ? rule.some((t) => typeOk(t, v)) : typeOk(rule, v);
        case 'const': return v === rule;
        case 'enum': return (rule as unknown[]).includes(v);
        case 'anyOf': return (rule as JsonSchema[]).some((sub) => matches(sub, v));
        case 'pattern': return typeof v !== 'string' || new RegExp(rule as string, 'u').test(v);
        case 'minimum': return typeof v !== 'number' || v >= (rule as number);
        case 'maximum': return typeof v !== 'number' || v <= (rule as number);
        case 'exclusiveMinimum': return typeof v !== 'number' || v > (rule as number);
        // UTF-16 length, as zod's min/max count.
        case 'minLength': return typeof v !== 'string' || v.length >= (rule as number);
        case 'maxLength': return typeof v !== 'string' || v.length <= (rule as number);
        case 'minItems': return !Array.isArray(v) || v.length >= (rule as number);
        case 'maxItems': return !Array.isArray(v) || v.length <= (rule as number);
        case 'items': return !Array.isArray(v) || v.every((item) => matches(rule as JsonSchema, item));
        case 'required': return !isObject(v) || (rule as string[]).every((p) => Object.hasOwn(v, p));
        case 'properties': return !isObject(v) || Object.entries(rule as Record<string, JsonSchema>)
          .every(([p, sub]) => !Object.hasOwn(v, p) || matches(sub, v[p]));
        // `false`: zod strips unknown keys rather than refusing them, and so do we (a newer
        // server may add fields). A schema: a record's values.
        case 'additionalProperties': return rule === false || additional(s, rule, v);
        default:
          if (IGNORED.has(k)) return true;
          throw new Error(`json-check: keyword ${k}`);
      }
    })();
    if (!ok) return false;
  }
  return true;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `additionalProperties: {schema}` (records): every property not listed must match it. */
function additional(s: JsonSchema, rule: unknown, v: unknown): boolean {
  if (!isObject(v) || typeof rule !== 'object' || rule === null) return true;
  const listed = (s.properties ?? {}) as object;
  return Object.entries(v).every(([p, item]) => Object.hasOwn(listed, p) || matches(rule as JsonSchema, item));
}
