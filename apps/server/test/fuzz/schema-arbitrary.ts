import fc from 'fast-check';

/** The part of JSON Schema (as OpenAPI documents it) that requests are generated from. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

/** Values written to get past a careless server: injection, traversal, control characters, sheer size. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE battery; --",
  'Timestamp; DELETE FROM device_event',
  '"name" = any(select 1)',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '{{7*7}}',
  'NaN',
  '-0',
  '1e400',
  '9999999999999999999999',
  '2026-02-30T25:61:00Z',
  'Europe/Atlantis',
  '🔋'.repeat(50),
  'x'.repeat(10_000),
  '',
];

const hostile = fc.constantFrom<unknown>(...HOSTILE_STRINGS);
const wrongType = fc.oneof(
  hostile,
  fc.constantFrom<unknown>(null, true, -1, 0, 2 ** 53, 1.5, [], {}, ['a', 'b']),
  fc.anything({ maxDepth: 2 }),
);

/**
 * Values for a schema: mostly ones that fit it (so requests get past validation into the handlers),
 * with wrong types and hostile strings mixed in at every level.
 */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingArbitrary(schema, depth);
  return fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: wrongType });
}

function fittingArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => arbitraryFor(variant, depth + 1)));
  if (schema.allOf?.length) return fittingArbitrary(Object.assign({}, ...schema.allOf), depth);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1) }),
        fc.constantFrom(1, 2, 3),
      );
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(schema, depth);
    default:
      return wrongType;
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  return fc.oneof(
    fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
    fc.constantFrom('Europe/Berlin', 'UTC', 'LFP 48V', 'de', 'en', 'pdf', 'csv', 'Timestamp', 'SOC'),
    hostile,
  );
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shapes = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, arbitraryFor(property, depth + 1)]),
  );
  return fc.record(shapes, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}
