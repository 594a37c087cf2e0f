import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Answers without a session (config.public). */
  public: boolean;
  /** Left out of the OpenAPI document (schema.hide). */
  hidden: boolean;
  /** The user needs one of these (config.features); empty: any signed-in user. */
  features: readonly Feature[];
  /** A GET that changes something (config.changesState): refused from other sites like a POST. */
  changesState: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, one entry per method, in registration order. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Records every route as it is registered, so checks over all routes (a session on every API
 * route, every route in the API docs) cover new routes without being told. Register it first.
 */
export const routeRegistryPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read when asked: a later onRoute hook of an inner scope may still mark the route public (publicScope).
      routes.push({
        method,
        url: route.url,
        get public() {
          return Boolean(route.config?.public);
        },
        hidden: Boolean(route.schema?.hide),
        get features() {
          return route.config?.features ?? [];
        },
        changesState: Boolean(route.config?.changesState),
      });
    }
  });
});
