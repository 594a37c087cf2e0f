import type { Feature } from '@cbm/contracts/features';
import type { SitePermission } from '@cbm/contracts/site-permissions';
import type { FastifyRequest } from 'fastify';
import { requireSitePermission } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';

/**
 * Charger-station calls need the feature (route config), the site (404 unknown, 403 not visible) and the
 * site's permission (screens and routes: LiveView, Statistic; 403 without it). Returns the signed-in user.
 */
export const requireMdloadSite = (
  sites: SiteRepository,
  request: FastifyRequest,
  siteId: number,
  feature: Feature,
  permission: SitePermission,
) => requireSitePermission(sites, request, siteId, feature, permission);
