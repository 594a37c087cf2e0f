import type { RegisteredRoute } from '../src/plugins/route-registry';
import type { OpenApiOperation } from './fuzz/request-arbitrary';
import type { JsonSchema as OpenApiSchema } from './fuzz/schema-arbitrary';

type JsonSchema = OpenApiSchema & { minItems?: number };

/** Where a matrix request points: a site, a battery and a record id. */
export interface RequestTarget {
  site: number;
  serial: string;
  id: number;
  /** A display unit (licences) and a charger-station unit (charger-station alerts) of the site. */
  displayId?: string;
  mdloadSerial?: string;
}

export const SITE_PARAMETERS = /^(operatingSiteIds?|targetOperatingSiteId|a)$/;
export const BATTERY_PARAMETERS = /^(serial|serialNumber|serials|batterySerialNumbers|displayIds|b)$/;

const FROM = '2026-11-14T00:00:00.000Z';
const TO = '2026-11-21T10:00:00.000Z';
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** Valid values for parameters and body fields whose schema alone does not say what passes validation. */
const NAMED_VALUES: Record<string, unknown> = {
  from: FROM,
  timestampMin: seconds(FROM),
  startTime: FROM,
  to: TO,
  timestampMax: seconds(TO),
  endTime: TO,
  firstDate: FROM.slice(0, 10),
  lastDate: '2026-11-20',
  timeZone: 'Europe/Berlin',
  timezone: 'Europe/Berlin',
  language: 'en_US',
  currency: 'EUR',
  pricePerKwh: 0.3,
  name: 'Matrix',
  emails: ['matrix@cbm.test'],
  featureName: 'cbm_view',
  deviceClass: 'battery',
};

/**
 * The route's request with valid path, query and body values pointed at `target`, so that validation passes
 * and only authorisation decides. `bodies` (authorization-fixtures.ts) replaces a generated body where the
 * schema does not describe every rule.
 */
export function validRequest(
  route: RegisteredRoute,
  operation: OpenApiOperation,
  target: RequestTarget,
  body?: (target: RequestTarget) => unknown,
) {
  const value = (name: string, schema: JsonSchema = {}) => exampleFor(schema, name, target);
  let url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(value(name))));
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !(parameter.required || SITE_PARAMETERS.test(parameter.name))) continue;
    const chosen = value(parameter.name, parameter.schema);
    for (const item of Array.isArray(chosen) ? chosen : [chosen]) query.append(parameter.name, String(item));
  }
  if (query.size) url += `?${query}`;
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const payload = body ? body(target) : schema ? exampleFor(schema, '', target) : undefined;
  return { method: route.method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) };
}

/** A small valid value for a JSON schema: required properties only, first enum value, minimum sizes. */
export function exampleFor(schema: JsonSchema, name: string, target: RequestTarget): unknown {
  const array = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
  if (SITE_PARAMETERS.test(name)) return array ? [target.site] : target.site;
  if (BATTERY_PARAMETERS.test(name)) return array ? [target.serial] : target.serial;
  if (name === 'id' || /Id$/.test(name)) return target.id;
  if (name in NAMED_VALUES) return NAMED_VALUES[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) return exampleFor(variant[variant.length - 1] as JsonSchema, name, target);
  if (schema.allOf?.length) return exampleFor(schema.allOf[0] as JsonSchema, name, target);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([key]) => required.has(key));
      return Object.fromEntries(entries.map(([key, property]) => [key, exampleFor(property, key, target)]));
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 0);
      return Array.from({ length: count }, () => exampleFor(schema.items ?? {}, '', target));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date-time') return TO;
      if (schema.format === 'email') return 'matrix@cbm.test';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}
