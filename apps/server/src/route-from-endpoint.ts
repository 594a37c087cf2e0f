import { apiPath, type Endpoint, isSchema } from '@cbm/contracts/endpoint';
import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A schema of the definition under `key`; nothing for a `typed` shape or none. */
type Part<S, Key extends PropertyKey> = S extends z.ZodType ? { [K in Key]: S } : unknown;

/** What a definition gives its route's schema: parameters, query, body, and the response under the success code. */
type EndpointSchema<E extends Endpoint, Status extends number> = Part<E['params'], 'params'> &
  Part<E['query'], 'querystring'> &
  Part<E['body'], 'body'> & { response: Part<E['response'], Status> };

/**
 * The route's own part of its schema: its documentation, and any response the definition does not give. The
 * parameters, query and body are the definition's alone.
 */
interface RouteDocs extends Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'> {
  tags: string[];
  summary?: string;
  description?: string;
  hide?: boolean;
  response?: Readonly<Record<number, z.ZodType>>;
  params?: never;
  querystring?: never;
  body?: never;
}

type ZodRoute<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type RouteOf<E extends Endpoint, D extends RouteDocs, Status extends number> = ZodRoute<
  EndpointSchema<E, Status> & D & FastifySchema
>;

/**
 * A route of an endpoint's definition (decision 133): its method, its path, and the schemas of its parameters,
 * query, body and success response come from the definition, so the route cannot drift from it. `status` is the
 * success code the definition's response answers under (200 unless given); `schema.response` adds other codes.
 */
export function fromEndpoint<const E extends Endpoint, const D extends RouteDocs, Status extends number = 200>(
  definition: E,
  options: Omit<RouteOf<E, D, Status>, 'method' | 'url' | 'schema'> & { schema: D; status?: Status },
): RouteOf<E, D, Status> {
  const { schema, status = 200, ...route } = options;
  const { params, query, body, response } = definition;
  const responses = { ...schema.response, ...(isSchema(response) && { [status]: response }) };
  return {
    ...route,
    method: definition.method,
    url: apiPath(definition),
    schema: {
      ...schema,
      ...(params && { params }),
      ...(isSchema(query) && { querystring: query }),
      ...(isSchema(body) && { body }),
      ...(Object.keys(responses).length > 0 && { response: responses }),
    },
  } as RouteOf<E, D, Status>;
}
