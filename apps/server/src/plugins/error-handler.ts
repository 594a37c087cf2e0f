import type { ApiError, ErrorCode } from '@cbm/contracts/errors';
import { isValidationMessageKey } from '@cbm/contracts/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isDatabaseFull, isDatabaseUnavailable, isInvalidValue } from '../db/database-errors';
import { StatementTimeout } from '../db/statement-budget';
import { HttpError, routeNotFound } from '../http-error';
import { type Language, languageOf, type MessageKey, translate } from '../i18n/messages';
import type { ValidationItem } from './validator-compiler';

const germanZodMessage = z.locales.de().localeError;

/** The one error shape: { statusCode, code, message, title?, errors? } (docs/decisions/004-errors.md). */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = request.language;
    if (error instanceof HttpError) {
      return send(reply, error.statusCode, error.code, translate(language, error.messageKey, error.values));
    }
    if (error.validation) {
      return send(reply, 400, 'request.invalid', translate(language, 'errors.validation'), {
        errors: validationErrors(error.validation as unknown as ValidationItem[], error.validationContext, language),
      });
    }
    const known = knownFastifyError(error);
    if (known) {
      const [status, code, key] = known;
      return send(reply, status, code, translate(language, key));
    }
    if (isInvalidValue(error)) {
      return send(reply, 400, 'request.invalid', translate(language, 'errors.invalidValue'));
    }
    if (error instanceof StatementTimeout) {
      request.log.warn({ url: request.url }, 'statement budget spent');
      const seconds = error.seconds;
      return send(reply, 503, 'server.queryTimeout', translate(language, 'errors.queryTimeout', { seconds }));
    }
    if (isDatabaseFull(error)) {
      request.log.warn({ err: error }, 'database disk full');
      reply.header('retry-after', '30');
      return send(reply, 503, 'server.databaseFull', translate(language, 'errors.databaseFull'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, 'server.databaseUnavailable', translate(language, 'errors.databaseUnavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'server.internal', translate(language, 'errors.internal'));
  });
});

/** Errors Fastify raises before any hook runs (a URL that cannot be decoded). */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request.headers['accept-language']);
  return send(reply, 400, 'request.malformedUrl', translate(language, 'errors.malformedUrl'));
}

export function apiNotFound(request: FastifyRequest) {
  throw routeNotFound(request);
}

function send(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  extra: Partial<ApiError> = {},
) {
  const body: ApiError = { statusCode, code, message, ...extra };
  return reply.status(statusCode).type('application/json').send(body);
}

function knownFastifyError(error: FastifyError): [number, ErrorCode, MessageKey] | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, 'request.malformedBody', 'errors.malformedBody'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, 'request.unsupportedMediaType', 'errors.unsupportedMediaType'];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, 'request.payloadTooLarge', 'errors.payloadTooLarge'];
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return [400, 'request.malformedBody', 'errors.malformedBody'];
  }
  return undefined;
}

function validationErrors(items: ValidationItem[], context: string | undefined, language: Language) {
  const errors: Record<string, string[]> = {};
  for (const { issue } of items) {
    const field = [context, ...issue.path.map(String)].filter(Boolean).join('.');
    errors[field] = [...(errors[field] ?? []), localise(issue, language)];
  }
  return errors;
}

function localise(issue: ValidationItem['issue'], language: Language): string {
  if (isValidationMessageKey(issue.message)) return translate(language, issue.message, issue.params);
  if (language === 'de') {
    const german = germanZodMessage(issue as never);
    return typeof german === 'string' ? german : (german?.message ?? issue.message);
  }
  return issue.message;
}

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}
