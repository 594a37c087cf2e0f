import { TOAST_API_ERROR_MS } from '@cbm/contracts/constants';
import {
  API_PREFIX,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  fillPath,
  isSchema,
  type ParamNames,
  type PathParams,
} from '@cbm/contracts/endpoint';
import { authEndpoints } from '@cbm/contracts/endpoints/auth';
import { apiErrorToasts } from './api-error-toasts';
import { i18n } from './i18n';
import { notifications } from './notifications/notification-store';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** The server's own explanation of a refusal, when its body has one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : undefined;
  }
}

/** What a form shows of a failed call: the server's explanation where it gave one. */
export const failureMessage = (error: Error): string =>
  (error instanceof ApiRequestError && error.serverMessage) || error.message;

type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
type Query = Readonly<Record<string, QueryValue>>;

type WithParams<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> };

/** A call of one endpoint: its path parameters (filled in and encoded here), query and body, as its contract types them. */
export type CallRequest<E extends Endpoint> = WithParams<E> & {
  query?: EndpointQuery<E>;
  /** An endpoint without a body schema takes a FormData body (uploads), sent as multipart. */
  body?: E extends { body: unknown } ? EndpointBody<E> : FormData;
  /** Failures are re-thrown without toasts (e.g. event fetches). */
  silent?: boolean;
};
type CallArgs<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? [request?: CallRequest<E>]
  : [request: CallRequest<E>];

/** What the one way out reads of any call. */
interface SendRequest {
  params?: Readonly<Record<string, string | number>>;
  query?: Query;
  body?: unknown;
  silent?: boolean;
}

/** Responses are checked against their schema in development and tests; production trusts the server. */
const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Array query parameters repeat the key per value. */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address of an endpoint (a live stream's, a link's): its path with the parameters filled in, and the query. */
export function endpointUrl<const E extends Endpoint>(endpoint: E, ...[request]: CallArgs<E>): string {
  const { params, query } = (request ?? {}) as SendRequest;
  return `${API_PREFIX}${fillPath(endpoint.path, params)}${toQueryString(query)}`;
}

/** Calls an endpoint; its JSON answer (or nothing, for 204), typed (and in development checked) by its contract. */
export async function call<const E extends Endpoint>(
  endpoint: E,
  ...[request]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const data = await readBody(await send(endpoint, (request ?? {}) as SendRequest, 'application/json'));
  return (CHECK_RESPONSES && isSchema(endpoint.response) ? endpoint.response.parse(data) : data) as EndpointResponse<E>;
}

export interface ApiFile {
  blob: Blob;
  /** The name from the response's Content-Disposition, if it has one. */
  fileName: string | undefined;
}

/**
 * A file (CSV, PDF, zip) with the same error handling as `call`. The body stays bytes, so a byte-order mark the
 * server sends stays in the file (Excel needs it to read UTF-8).
 */
export async function callFile<const E extends Endpoint>(endpoint: E, ...[request]: CallArgs<E>): Promise<ApiFile> {
  const response = await send(endpoint, (request ?? {}) as SendRequest, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
}

/** The one way out to the server; a failure becomes the error toasts (unless silent) and is thrown. */
async function send(endpoint: Endpoint, request: SendRequest, accept: string): Promise<Response> {
  const { method } = endpoint;
  const { body, silent = false } = request;
  const url = `${API_PREFIX}${fillPath(endpoint.path, request.params)}${toQueryString(request.query)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { accept, 'accept-language': i18n.language, ...contentType(body) },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw fail(new ApiRequestError(error instanceof Error ? error.message : String(error), 0, undefined), silent);
  }
  if (response.status === 401 && endpoint !== authEndpoints.login) {
    window.location.assign(`/signin?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!response.ok) {
    const payload = await readBody(response);
    throw fail(
      new ApiRequestError(`${method} ${url} failed with status ${response.status}`, response.status, payload),
      silent,
    );
  }
  return response;
}

/** JSON bodies say so (the server's cross-site check needs it); the browser writes multipart's own header. */
function contentType(body: unknown): Record<string, string> {
  return body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fail(error: ApiRequestError, silent: boolean): ApiRequestError {
  if (!silent && error.status !== 401) {
    const texts = { apiError: i18n.t('errors.apiError'), unknownError: i18n.t('errors.unknownError') };
    for (const toast of apiErrorToasts(error.body, error.message, texts)) {
      notifications.add({ ...toast, autoCloseMs: TOAST_API_ERROR_MS });
    }
  }
  return error;
}
