import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes something (sends a command): guarded like POST (the API calls make some commands GETs). */
    changesState?: boolean;
  }
}

/**
 * CSRF protection (docs/decisions/005-csrf.md): a state-changing request (any method but GET, HEAD and
 * OPTIONS, and GETs whose route says `changesState`) is refused when the browser says it comes from
 * another origin (Origin or Sec-Fetch-Site). The same-origin web app passes without effort;
 * non-browser clients send neither header and pass too, since they cannot carry a victim's cookie.
 */
export const crossSiteGuardPlugin = fp(async (app: FastifyInstance, options: { publicUrl?: string }) => {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changesState) return;
    if (isCrossSite(request, publicOrigin)) {
      throw new HttpError(403, 'auth.crossSiteRequest', 'errors.crossSiteRequest');
    }
  });
});

function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && !SAME_ORIGIN_FETCH_SITES.has(fetchSite)) return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
