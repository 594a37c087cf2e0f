import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * CSRF protection (docs/decisions/005-csrf.md): a state-changing request is refused when the
 * browser says it comes from another origin (Origin or Sec-Fetch-Site). The same-origin web app
 * passes without effort; non-browser clients send neither header and pass too, since they cannot
 * carry a victim's cookie.
 */
export const crossSiteGuardPlugin = fp(async (app: FastifyInstance, options: { publicUrl?: string }) => {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
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
