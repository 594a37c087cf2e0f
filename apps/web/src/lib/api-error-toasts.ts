import type { NotificationInput } from './notifications/notification-store';

export interface ErrorTexts {
  apiError: string;
  unknownError: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The toasts for a failed response, exactly as the error catalogue says:
 * 1. an `errors` object (field → messages): one toast per message, titled with the body's title or 'Api Error';
 * 2. if that yields nothing: one toast 'Api Error' / 'Unknown error';
 * 3. no `errors` object: one toast with the body's message, else the client's own message.
 */
export function apiErrorToasts(body: unknown, clientMessage: string, texts: ErrorTexts): NotificationInput[] {
  const toast = (title: string, message: string): NotificationInput => ({ type: 'error', title, message });
  if (isRecord(body) && isRecord(body.errors)) {
    const title = typeof body.title === 'string' && body.title ? body.title : texts.apiError;
    const messages = Object.values(body.errors)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((message): message is string => typeof message === 'string' && message.length > 0);
    return messages.length > 0
      ? messages.map((message) => toast(title, message))
      : [toast(texts.apiError, texts.unknownError)];
  }
  const message = isRecord(body) && typeof body.message === 'string' && body.message ? body.message : clientMessage;
  return [toast(texts.apiError, message)];
}
