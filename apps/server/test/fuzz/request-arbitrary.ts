import fc from 'fast-check';
import { arbitraryFor, type JsonSchema } from './schema-arbitrary';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

/** Real values that let generated requests reach past the site and battery checks into the handlers. */
export interface KnownValues {
  siteId: number;
  serial: string;
}

const queryValue = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Requests for one operation: path, query and JSON body generated from the operation's schemas. */
export function requestArbitrary(
  method: string,
  path: string,
  operation: OpenApiOperation,
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'cookie');
  const values = Object.fromEntries(
    parameters.map((parameter) => [`${parameter.in}:${parameter.name}`, parameterArbitrary(parameter, known)]),
  );
  const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({ values: fc.record(values), body: jsonBody ? arbitraryFor(jsonBody) : fc.constant(undefined) })
    .map(({ values: chosen, body }) => {
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of parameters) {
        const value = chosen[`${parameter.in}:${parameter.name}`];
        if (value === undefined) continue;
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(queryValue(value)));
        else if (parameter.in === 'query') {
          for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, queryValue(item));
        }
      }
      const search = query.toString();
      return {
        method: method.toUpperCase(),
        url: search ? `${url}?${search}` : url,
        headers: body === undefined ? {} : ({ 'content-type': 'application/json' } as Record<string, string>),
        payload: body === undefined ? undefined : JSON.stringify(body),
      };
    });
}

function parameterArbitrary(parameter: OpenApiParameter, known: KnownValues): fc.Arbitrary<unknown> {
  const generated = arbitraryFor(parameter.schema ?? { type: 'string' });
  const real = realValue(parameter.name, known);
  const value = real === undefined ? generated : fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, generated);
  return parameter.in === 'path' || parameter.required ? value : fc.option(value, { nil: undefined });
}

function realValue(name: string, known: KnownValues): unknown {
  if (/^operatingSiteIds?$/.test(name) || name === 'a') return known.siteId;
  if (/serial/i.test(name) || name === 'b') return known.serial;
  return undefined;
}
