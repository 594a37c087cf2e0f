import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';
import { JSON_MAX_DEPTH, nestsDeeperThan } from './json-depth';

export interface ConnectionLimitOptions {
  /** Requests to routes without sign-in (sign-in, password links, uploads by token) open at once per address. */
  publicPerAddress: number;
}

/**
 * Limits that keep one client from holding the server (decision 079): JSON bodies nested no deeper than
 * JSON_MAX_DEPTH, and a cap per client address on open requests to routes that need no session, counted from
 * their headers on, so slow bodies count too. Request and idle timeouts are the server's (app.ts).
 */
export const connectionLimitsPlugin = fp(async (app: FastifyInstance, { publicPerAddress }: ConnectionLimitOptions) => {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      return done(new HttpError(400, 'request.nestedTooDeep', 'errors.nestedTooDeep', { depth: JSON_MAX_DEPTH }));
    }
    defaultJson(request, text, done);
  });

  const open = new Map<string, number>();
  app.addHook('onRequest', async (request) => {
    // The web app's files are public too, but many people behind one proxy load them at once.
    if (!request.routeOptions.config.public || !request.url.startsWith('/api/')) return;
    const address = request.ip;
    const count = open.get(address) ?? 0;
    if (count >= publicPerAddress) {
      throw new HttpError(429, 'request.tooManyConnections', 'errors.tooManyConnections', {
        limit: publicPerAddress,
      });
    }
    open.set(address, count + 1);
    request.raw.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
});
