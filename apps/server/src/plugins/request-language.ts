import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { languageOf } from '../i18n/messages';

/** Sets request.language from Accept-Language; the web app sends its current UI language. */
export const requestLanguagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers['accept-language']);
  });
});
