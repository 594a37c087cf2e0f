import type { Feature } from '@cbm/contracts/features';
import type { FastifyRequest } from 'fastify';
import { forbidden, siteNotFound, siteNotManaged } from '../../http-error';
import type { SiteRepository } from './site-repository';

/**
 * The check every site-scoped call makes: 404 for an unknown site, 403 for a site the user may not
 * see (with that feature). Returns the signed-in user.
 */
export async function requireSiteAccess(
  sites: SiteRepository,
  request: FastifyRequest,
  siteId: number,
  feature: Feature | null = null,
) {
  const user = await request.requireUser();
  if (await sites.canAccess(user.id, siteId, feature)) return user;
  if (!(await sites.exists(siteId))) throw siteNotFound(siteId);
  throw forbidden();
}

/**
 * The check of admin calls (docs/decisions/007-admin-scope.md): the user must hold `feature` at the site.
 * A site outside the user's admin scope answers 404 like an unknown one, never 403. Returns the user.
 */
export async function requireManagedSite(
  sites: SiteRepository,
  request: FastifyRequest,
  siteId: number,
  feature: Feature,
) {
  const user = await request.requireUser();
  if (await sites.canAccess(user.id, siteId, feature)) return user;
  throw siteNotManaged(siteId);
}
