import { TOAST_API_ERROR_MS } from '@cbm/contracts/constants';
import { apiErrorToasts } from './api-error-toasts';
import { i18n } from './i18n';
import { notifications } from './notifications/notification-store';

/** The shared client's base address is empty: calls go to /api/v2 on the same origin. */
export const API_BASE = '/api/v2';

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

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** A FormData body goes out as multipart (uploads); anything else as JSON. */
  body?: unknown;
  /** Failures are re-thrown without toasts (e.g. event fetches). */
  silent?: boolean;
}

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

/** A JSON answer (or nothing, for 204). */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await readBody(await send(path, request, 'application/json'))) as T;
}

export interface ApiFile {
  blob: Blob;
  /** The name from the response's Content-Disposition, if it has one. */
  fileName: string | undefined;
}

/**
 * A file (CSV, PDF, zip) with the same error handling as `api`. The body stays bytes, so a byte-order mark the
 * server sends stays in the file (Excel needs it to read UTF-8).
 */
export async function apiFile(path: string, request: ApiRequest = {}): Promise<ApiFile> {
  const response = await send(path, request, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
}

/** The one way out to the server; a failure becomes the error toasts (unless silent) and is thrown. */
async function send(path: string, request: ApiRequest, accept: string): Promise<Response> {
  const { method = 'GET', query, body, silent = false } = request;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toQueryString(query)}`, {
      method,
      credentials: 'same-origin',
      headers: { accept, 'accept-language': i18n.language, ...contentType(body) },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw fail(new ApiRequestError(error instanceof Error ? error.message : String(error), 0, undefined), silent);
  }
  if (response.status === 401 && path !== '/auth/login') {
    window.location.assign(`/signin?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!response.ok) {
    const payload = await readBody(response);
    throw fail(
      new ApiRequestError(`${method} ${path} failed with status ${response.status}`, response.status, payload),
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
