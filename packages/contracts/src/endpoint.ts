import { z } from 'zod';

/** Every endpoint's path is under this prefix (spec §7); definitions hold the path below it. */
export const API_PREFIX = '/api/v2';

/** The API's documentation (OpenAPI, and its UI for people), beside the endpoints rather than one of them. */
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A shape the contracts type but have no schema for (a file, a reply of the server's own making). */
export interface Typed<T> {
  readonly '~typed'?: T;
}
export const typed = <T>(): Typed<T> => ({});

type Shape = z.ZodType | Typed<unknown>;

/**
 * One endpoint, defined once (decision 133): its method, its path as the server registers it below API_PREFIX
 * (`:name` a path parameter, spec §7 casing), and the schemas of its parameters, query, body and response. The
 * server's routes and the web's calls both come from these; a test holds the server's routes to them.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: Shape;
  readonly body?: Shape;
  readonly response?: Shape;
}

/** Keeps the literal path and method of a definition, which the types below read. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Input<S> = S extends z.ZodType ? z.input<S> : S extends Typed<infer T> ? T : never;
type Output<S> = S extends z.ZodType ? z.output<S> : S extends Typed<infer T> ? T : unknown;

/** The names of a path's `:name` parameters. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<E extends Endpoint> = { readonly [K in ParamNames<E['path']>]: string | number };
/** A field whose schema takes anything (a coerced number, a list given repeated or comma-separated) may be left out. */
type LooseFields<T> = { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as unknown extends T[K] ? never : K]: T[K];
};
export type EndpointQuery<E extends Endpoint> = E extends { query: infer Q } ? LooseFields<Input<Q>> : never;
export type EndpointBody<E extends Endpoint> = E extends { body: infer B } ? Input<B> : never;
export type EndpointResponse<E extends Endpoint> = E extends { response: infer R } ? Output<R> : unknown;

/** The path with its parameters filled in, each encoded (a serial may hold any character). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a shape is a schema to check against (a `typed` one is not). */
export const isSchema = (shape: Shape | undefined): shape is z.ZodType =>
  shape !== undefined && typeof (shape as Partial<z.ZodType>).parse === 'function';

/** The full path the server registers: API_PREFIX and the definition's path. */
export const apiPath = <const E extends Endpoint>(definition: E): `${typeof API_PREFIX}${E['path']}` =>
  `${API_PREFIX}${definition.path}` as `${typeof API_PREFIX}${E['path']}`;

export const isEndpoint = (value: unknown): value is Endpoint =>
  typeof (value as Partial<Endpoint>).method === 'string' && typeof (value as Partial<Endpoint>).path === 'string';

/** What a delete answers: the id of what it removed. */
export const deletedIdSchema = z.object({ id: z.number().int() });
