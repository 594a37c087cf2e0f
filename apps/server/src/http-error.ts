import type { ErrorCode } from '@cbm/contracts/errors';
import type { MessageKey } from './i18n/messages';

/** A failure with a stable code and a message a person can act on, in the request's language. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

export const unauthenticated = () => new HttpError(401, 'auth.unauthenticated', 'errors.unauthenticated');
export const forbidden = () => new HttpError(403, 'auth.forbidden', 'errors.forbidden');
export const siteNotFound = (id: number) => new HttpError(404, 'sites.notFound', 'errors.siteNotFound', { id });
export const siteNotManaged = (id: number) => new HttpError(404, 'sites.notFound', 'errors.siteNotManaged', { id });
export const batteryNotFound = (serial: string) =>
  new HttpError(404, 'batteries.notFound', 'errors.batteryNotFound', { serial });
export const batteryGroupNotFound = (id: number) =>
  new HttpError(404, 'batteryGroups.notFound', 'errors.batteryGroupNotFound', { id });
/** No route for this method and path (the query left out). */
export const routeNotFound = (request: { method: string; url: string }) =>
  new HttpError(404, 'request.notFound', 'errors.notFound', {
    method: request.method,
    url: request.url.split('?')[0] ?? '',
  });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A requested range, checked: from before to, at most `maxDays` long. */
export function checkedRange(fromText: string, toText: string, maxDays: number): { from: Date; to: Date } {
  const from = new Date(fromText);
  const to = new Date(toText);
  if (from.getTime() >= to.getTime()) throw new HttpError(400, 'request.invalid', 'errors.timeRangeInverted');
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw new HttpError(400, 'request.invalid', 'errors.timeRangeTooLong', { days: maxDays });
  }
  return { from, to };
}
