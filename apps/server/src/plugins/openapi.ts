import { API_DOCS_PATH } from '@cbm/contracts/endpoint';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version';
import { publicScope } from './public-scope';

export const DOCS_PREFIX = API_DOCS_PATH;

/** OpenAPI generated from the routes' Zod schemas: UI at /api/v2/docs, JSON at /api/v2/docs/json. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CBM API',
        version: APP_VERSION,
        description:
          'Battery and charger-station monitoring. Sign in with POST /api/v2/auth/login; the session cookie authorises the rest.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cbm_session' } } },
      security: [{ session: [] }],
    },
    // Schemas registered with an id (recursive ones: the site tree) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
    // Public routes (sign-in, authenticated) need no session cookie.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      return input.route.config?.public ? { ...output, schema: { ...output.schema, security: [] } } : output;
    },
  });
  // The API description is published: the UI and the documents need no session.
  await app.register(async (docs) => {
    publicScope(docs);
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  });
});
