import type { FastifyInstance } from 'fastify';

/**
 * Marks every route registered in `scope` (an encapsulated plugin context) public, for plugins that
 * register routes without a way to pass route config (static files, the API docs). Every other route
 * needs a session (session-plugin.ts).
 */
export function publicScope(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
}
