import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const IDLE_SWEEP_MS = 100;

/**
 * SIGTERM drains instead of waiting for clients (start-server.ts): Fastify stops accepting and waits for every open
 * connection, and a browser keeps its connection alive for HTTP_IDLE_TIMEOUT_SECONDS, which held the close, and the
 * ingest drain behind it, past an orchestrator's grace period. While the app closes, answers end their connection,
 * and connections that fall idle (after a streamed answer) are closed as they do.
 */
export const drainOnClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
  });
  // Runs once the server has closed (Fastify closes it before the hooks of plugins).
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
});
